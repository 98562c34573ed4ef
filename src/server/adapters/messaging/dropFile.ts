import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Writes a message into a drop folder so that it appears under its name only complete: first under
 * a hidden name that carries no recipient, then renamed (atomic within the folder). Whoever watches
 * the folder (a mail client, a developer, a test waiting for a code) never opens a half-written
 * message. The callback API does the same open, write and close as fs/promises with less overhead,
 * on the booking path's confirmations.
 */
export function writeComplete(file: string, bytes: string | Buffer): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const partial = path.join(path.dirname(file), `.${randomUUID()}.partial`);
    fs.writeFile(partial, bytes, (err) => (err ? reject(err) : fs.rename(partial, file, (e) => (e ? reject(e) : resolve()))));
  });
}
