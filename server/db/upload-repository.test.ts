import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enginesUnderTest } from '../../tests/support/databases';
import type { Db } from './database';
import { createUploadRepository } from './upload-repository';

describe.each(enginesUnderTest())('uploads on $name', ({ open }) => {
  let database: Db;
  beforeEach(async () => {
    database = await open();
  });
  afterEach(async () => {
    await database.close();
  });

  it('stores an upload and its files, and gives every byte back as it was (a BLOB on SQLite, bytea on PostgreSQL)', async () => {
    const uploads = createUploadRepository(database);
    // Every byte value, NUL and 0xFF included: nothing is read as text on either engine.
    const bytes = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
    const id = await uploads.add({
      kind: 'photo',
      use: 'portrait',
      originalName: 'IMG_0042.jpg',
      originalBytes: 4096,
      width: 3000,
      height: 4000,
      sha256: 'ab'.repeat(32),
      uploadedBy: null,
      files: [
        { name: 'portrait-52.avif', contentType: 'image/avif', bytes },
        { name: 'portrait-52.jpeg', contentType: 'image/jpeg', bytes: Buffer.from([0xff, 0xd8, 0xff, 0x00]) },
      ],
    });
    const file = await uploads.file(id, 'portrait-52.avif');
    expect(file?.contentType).toBe('image/avif');
    expect(Buffer.isBuffer(file?.bytes)).toBe(true);
    expect(file?.bytes.equals(bytes)).toBe(true);
    expect(await uploads.file(id, 'portrait-104.avif')).toBeUndefined();
    expect(await uploads.file('00000000-0000-4000-8000-000000000000', 'portrait-52.avif')).toBeUndefined();

    const stored = await uploads.get(id);
    expect(stored).toMatchObject({ kind: 'photo', use: 'portrait', original_name: 'IMG_0042.jpg', width: 3000 });
    expect(stored?.files).toEqual([
      { name: 'portrait-52.avif', content_type: 'image/avif', size: 512 },
      { name: 'portrait-52.jpeg', content_type: 'image/jpeg', size: 4 },
    ]);
    expect(await uploads.found([id, '00000000-0000-4000-8000-000000000000'])).toEqual(
      new Map([[id, { kind: 'photo', use: 'portrait' }]]),
    );
  });

  it('stores nothing of an upload when one of its files cannot be stored', async () => {
    const uploads = createUploadRepository(database);
    const file = { name: 'prospectus.pdf', contentType: 'application/pdf', bytes: Buffer.from('%PDF-1.7\n%%EOF') };
    await expect(
      uploads.add({
        kind: 'pdf',
        use: 'prospectus',
        originalName: 'p.pdf',
        originalBytes: 15,
        sha256: 'cd'.repeat(32),
        uploadedBy: null,
        // The same name twice breaks the files' primary key.
        files: [file, file],
      }),
    ).rejects.toThrow();
    expect(await database.db.selectFrom('uploads').select('id').execute()).toEqual([]);
  });
});
