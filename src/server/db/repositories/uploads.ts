import { sql } from 'kysely';
import type { Executor } from '../executor.js';

/** Stores an upload; a key already there is the same upload retried, whose bytes are kept. */
export async function insertUpload(db: Executor, row: { key: string; contentType: string; etag: string; bytes: Uint8Array }) {
  await db
    .insertInto('uploads')
    .values({
      key: row.key,
      content_type: row.contentType,
      etag: row.etag,
      bytes: Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength),
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

export async function deleteUpload(db: Executor, key: string) {
  await db.deleteFrom('uploads').where('key', '=', key).execute();
}

/**
 * An upload's type and ETag, and its bytes unless `ifNoneMatch` is its ETag (then `bytes` is null):
 * one statement, which does not even read the bytes when the caller's copy is current.
 */
export function findUpload(db: Executor, key: string, ifNoneMatch: string | null) {
  return db
    .selectFrom('uploads')
    .select(['content_type', 'etag'])
    .select(sql<Uint8Array | null>`case when etag = ${ifNoneMatch} then null else bytes end`.as('bytes'))
    .where('key', '=', key)
    .executeTakeFirst();
}
