import type { Kysely } from 'kysely';
import type { Engine } from '../engine';

/**
 * Files staff upload (a teacher's portrait, the prospectus), in the database so that every
 * instance serves them and `npm run database -- backup` keeps them: `uploads`, one row per
 * upload, and `upload_files`, the files served for it (a photo's variants at each width and
 * format; a PDF as it was sent). Bytes are a BLOB on SQLite and bytea on PostgreSQL; both
 * drivers read and write them as Node Buffers. Never changed once written.
 */
export function forEngine(engine: Engine) {
  const bytes = engine === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('uploads')
        .addColumn('id', 'text', (col) => col.primaryKey())
        /** 'photo' or 'pdf'. */
        .addColumn('kind', 'text', (col) => col.notNull())
        /** What it is for: a photo's use (shared/photos.ts) or 'prospectus'. */
        .addColumn('use', 'text', (col) => col.notNull())
        /** The file's name on the sender's device, cleaned (shown to staff only). */
        .addColumn('original_name', 'text', (col) => col.notNull())
        /** The size of what was sent, and (photos) its pixels after turning it upright. */
        .addColumn('original_bytes', 'integer', (col) => col.notNull())
        .addColumn('width', 'integer')
        .addColumn('height', 'integer')
        /** SHA-256 (hex) of what was sent. */
        .addColumn('sha256', 'text', (col) => col.notNull())
        /** A staff id (accounts are disabled, never removed). */
        .addColumn('uploaded_by', 'text', (col) => col.references('staff.id').onDelete('set null'))
        .addColumn('uploaded_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('upload_files')
        .addColumn('upload_id', 'text', (col) => col.notNull().references('uploads.id').onDelete('cascade'))
        /** The name it is served under: `portrait-104.avif`, `prospectus.pdf`. */
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('content_type', 'text', (col) => col.notNull())
        .addColumn('bytes', bytes, (col) => col.notNull())
        .addColumn('size', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('upload_files_pk', ['upload_id', 'name'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('upload_files').execute();
      await db.schema.dropTable('uploads').execute();
    },
  };
}
