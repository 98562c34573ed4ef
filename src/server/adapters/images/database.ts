import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { checkKey, type ImageStorage, UPLOADS_PATH } from './types.js';

/**
 * Uploads in the `uploads` table: every process on every host that shares the database serves
 * them, with nothing more to run. Always the primary (`deps.db`): an image is shown right after
 * its upload, before a replica would have it.
 */
export function createDatabaseImageStorage(db: Db): ImageStorage {
  return {
    provider: 'database',
    async put(key, bytes, contentType) {
      const etag = createHash('sha256').update(bytes).digest('hex');
      // Keys are new uuids: a conflict is the same upload retried, whose bytes are already there.
      await db
        .insertInto('uploads')
        .values({
          key: checkKey(key),
          content_type: contentType,
          etag,
          bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      return { url: `${UPLOADS_PATH}/${key}` };
    },
    async delete(key) {
      await db.deleteFrom('uploads').where('key', '=', checkKey(key)).execute();
    },
    async get(key, ifNoneMatch) {
      // One statement; the bytes are not even read when the caller's copy is current.
      const row = await db
        .selectFrom('uploads')
        .select(['content_type', 'etag'])
        .select(sql<Uint8Array | null>`case when etag = ${ifNoneMatch ?? null} then null else bytes end`.as('bytes'))
        .where('key', '=', checkKey(key))
        .executeTakeFirst();
      if (!row) return null;
      if (row.bytes === null) return { notModified: true, etag: row.etag };
      return { bytes: row.bytes, contentType: row.content_type, etag: row.etag };
    },
  };
}
