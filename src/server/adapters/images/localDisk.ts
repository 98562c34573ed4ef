import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { ImageStorage } from './types.js';

/** Keys the server generates; anything else (.., absolute paths) is refused before touching the disk. */
const KEY_RE = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.[a-z0-9]{2,5}$/;

function checkedPath(root: string, key: string): string {
  if (!KEY_RE.test(key)) throw new Error(`Invalid image key: ${key}`);
  return path.join(root, ...key.split('/'));
}

/**
 * Offline default: files under DATA_DIR/uploads, which the HTTP app serves at /uploads. Writes go
 * to a temporary name first so a reader never sees half a file.
 */
export function createLocalDiskImageStorage(root: string, publicBase = '/uploads'): ImageStorage {
  const base = publicBase.replace(/\/$/, '');
  return {
    provider: 'local',
    async put(key, bytes) {
      const file = checkedPath(root, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(tmp, bytes);
      await fs.rename(tmp, file);
      return { url: `${base}/${key}` };
    },
    async delete(key) {
      await fs.rm(checkedPath(root, key), { force: true });
    },
  };
}
