import { createHash } from 'node:crypto';
import type { Db } from '../../db/index.js';
import { deleteUpload, findUpload, insertUpload } from '../../db/repositories/uploads.js';
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
      await insertUpload(db, { key: checkKey(key), contentType, etag, bytes });
      return { url: `${UPLOADS_PATH}/${key}` };
    },
    async delete(key) {
      await deleteUpload(db, checkKey(key));
    },
    async get(key, ifNoneMatch) {
      const row = await findUpload(db, checkKey(key), ifNoneMatch ?? null);
      if (!row) return null;
      if (row.bytes === null) return { notModified: true, etag: row.etag };
      return { bytes: row.bytes, contentType: row.content_type, etag: row.etag };
    },
  };
}
