import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { checkKey, type ImageStorage, UPLOADS_PATH } from './types.js';

const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' };

function checkedPath(root: string, key: string): string {
  return path.join(root, ...checkKey(key).split('/'));
}

/**
 * Offline default: files under DATA_DIR/uploads, which the HTTP app serves at /uploads. Writes go
 * to a temporary name first so a reader never sees half a file. Only this host sees them: with
 * more than one host, use the database or S3 (adapters/images/index.ts picks).
 */
export function createLocalDiskImageStorage(root: string): ImageStorage {
  return {
    provider: 'local',
    async put(key, bytes) {
      const file = checkedPath(root, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(tmp, bytes);
      await fs.rename(tmp, file);
      return { url: `${UPLOADS_PATH}/${key}` };
    },
    async delete(key) {
      await fs.rm(checkedPath(root, key), { force: true });
    },
    // The HTTP app serves the directory itself (express.static); this is for callers that want the bytes.
    async get(key, ifNoneMatch) {
      const bytes = await fs.readFile(checkedPath(root, key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
      if (!bytes) return null;
      const etag = createHash('sha256').update(bytes).digest('hex');
      if (ifNoneMatch === etag) return { notModified: true, etag };
      return { bytes, etag, contentType: CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream' };
    },
  };
}
