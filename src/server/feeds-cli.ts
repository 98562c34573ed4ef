import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from './db/index.js';
import { loadEnv } from './env.js';
import { actionsCenterFeeds, feedDescriptor } from './services/channels/feeds.js';

/*
 * `npm run feeds [dir]`: writes the Reserve with Google (Actions Center) entity and action feeds
 * for upload to the partner SFTP server, each with its descriptor file, named with the time of
 * generation as the documentation recommends (docs/channels.md). The same database as the server:
 * DATABASE_URL, else the embedded one in DATA_DIR. Default directory: DATA_DIR/feeds.
 */
const env = loadEnv();
const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  const outDir = path.resolve(process.argv[2] ?? path.join(env.DATA_DIR, 'feeds'));
  fs.mkdirSync(outDir, { recursive: true });
  const now = new Date();
  const stamp = Math.floor(now.getTime() / 1000);
  const feeds = await actionsCenterFeeds(handle.db, env.PUBLIC_URL);
  for (const kind of ['entity', 'action'] as const) {
    const dataFile = `${kind}_${stamp}.json`;
    fs.writeFileSync(path.join(outDir, dataFile), `${JSON.stringify(feeds[kind], null, 2)}\n`);
    fs.writeFileSync(
      path.join(outDir, `${kind}_${stamp}.filesetdesc.json`),
      `${JSON.stringify(feedDescriptor(kind, now, dataFile), null, 2)}\n`,
    );
    console.log(`${kind}: ${feeds[kind].data.length} salon(s) → ${path.join(outDir, dataFile)}`);
  }
} finally {
  await handle.close();
}
