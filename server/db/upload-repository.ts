/**
 * Files staff uploaded (migrations/014-uploads.ts): an upload and the files served for it,
 * written together in one transaction and never changed afterwards, so a file's address
 * (/media/<id>/<name>) always means the same bytes. A private upload's files (a consent form's
 * scan) are given only by `privateFile`, never by `file`, which /media serves from. In the database, so every instance serves
 * them and the backup holds them.
 */
import { randomUUID } from 'node:crypto';
import { privateUploadUses } from '../../shared/schema/uploads';
import type { Db } from './database';
import type { UploadsTable } from './schema';

export type UploadFile = { name: string; contentType: string; bytes: Buffer };

export type NewUpload = {
  kind: UploadsTable['kind'];
  use: string;
  originalName: string;
  originalBytes: number;
  width?: number | null;
  height?: number | null;
  sha256: string;
  uploadedBy: string | null;
  files: readonly UploadFile[];
};

export type StoredFile = { contentType: string; bytes: Buffer };

export function createUploadRepository({ db }: Db) {
  /** Stores an upload and its files; its new id. */
  async function add(upload: NewUpload, now = new Date()): Promise<string> {
    const id = randomUUID();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('uploads')
        .values({
          id,
          kind: upload.kind,
          use: upload.use,
          original_name: upload.originalName,
          original_bytes: upload.originalBytes,
          width: upload.width ?? null,
          height: upload.height ?? null,
          sha256: upload.sha256,
          uploaded_by: upload.uploadedBy,
          uploaded_at: now.toISOString(),
        })
        .execute();
      await trx
        .insertInto('upload_files')
        .values(
          upload.files.map((file) => ({
            upload_id: id,
            name: file.name,
            content_type: file.contentType,
            bytes: file.bytes,
            size: file.bytes.length,
          })),
        )
        .execute();
    });
    return id;
  }

  /** One file of an upload, or undefined; `uses` says which uploads' files may be given. */
  async function fileOf(uploadId: string, name: string, uses: 'public' | 'private'): Promise<StoredFile | undefined> {
    const row = await db
      .selectFrom('upload_files')
      .innerJoin('uploads', 'uploads.id', 'upload_files.upload_id')
      .select(['upload_files.content_type', 'upload_files.bytes'])
      .where('upload_files.upload_id', '=', uploadId)
      .where('upload_files.name', '=', name)
      .where('uploads.use', uses === 'public' ? 'not in' : 'in', privateUploadUses)
      .executeTakeFirst();
    return row && { contentType: row.content_type, bytes: Buffer.from(row.bytes) };
  }

  /** One file of an upload that may be public (never a private one's, shared/schema/uploads.ts), or undefined. */
  const file = (uploadId: string, name: string) => fileOf(uploadId, name, 'public');

  /** One file of a private upload (a consent form's scan), for staff allowed to see it; or undefined. */
  const privateFile = (uploadId: string, name: string) => fileOf(uploadId, name, 'private');

  /** The upload with its files' names and sizes (not their bytes). */
  async function get(id: string) {
    const upload = await db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
    if (!upload) return undefined;
    const files = await db
      .selectFrom('upload_files')
      .select(['name', 'content_type', 'size'])
      .where('upload_id', '=', id)
      .orderBy('name')
      .execute();
    return { ...upload, files };
  }

  /** Of these ids, the uploads there are, each with its kind and use. */
  async function found(ids: readonly string[]): Promise<Map<string, { kind: string; use: string }>> {
    if (ids.length === 0) return new Map();
    const rows = await db.selectFrom('uploads').select(['id', 'kind', 'use']).where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, { kind: row.kind, use: row.use }]));
  }

  /** How many bytes a member of staff has uploaded since `since` (what they sent, before any resizing). */
  async function bytesUploadedBy(memberId: string, since: Date): Promise<number> {
    const row = await db
      .selectFrom('uploads')
      .select((eb) => eb.fn.sum<string | number | null>('original_bytes').as('bytes'))
      .where('uploaded_by', '=', memberId)
      .where('uploaded_at', '>=', since.toISOString())
      .executeTakeFirst();
    return Number(row?.bytes ?? 0);
  }

  return { add, file, privateFile, get, found, bytesUploadedBy };
}

export type UploadRepository = ReturnType<typeof createUploadRepository>;
