import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';

/*
 * What a phone downloads before the home page can render, over the build the browser tests drive:
 * the entry chunk and everything it imports statically (issue 30 item 17, issue 42 item 7): what the
 * shell (header, hero, search form, footer) needs to run. React DOM alone is some 57 KB of it; the
 * data layer (React Query and tRPC, ~24 KB) comes with the parts that query (src/client/data.tsx).
 * 98 KB at the last change; the budget leaves little room, and none for a library the first screen
 * does not need (the data layer, the QR code, the validation schemas, another page). Bytes, not
 * timings: it fails the same on a busy machine as on a quiet one.
 */

const DIST = path.resolve(import.meta.dirname, '../../dist/client');
const HOME_INITIAL_JS_GZIP_BUDGET = 100 * 1024;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The files of the entry chunk and its static imports, to any depth. */
function initialChunks(manifest: Record<string, ManifestChunk>): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    manifest[key].imports?.forEach(visit);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return [...seen].map((k) => manifest[k].file);
}

describe("the home route's initial JavaScript", () => {
  it(`stays under ${HOME_INITIAL_JS_GZIP_BUDGET / 1024} KB gzipped, and the HTML names all of it`, () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
    const files = initialChunks(manifest);
    const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
    // Each one is in the HTML (script or modulepreload): none waits for another to be parsed first.
    expect(files.filter((f) => !html.includes(`"/${f}"`))).toEqual([]);
    const sizes = files.map((f) => ({ f, gzip: zlib.gzipSync(fs.readFileSync(path.join(DIST, f)), { level: 9 }).length }));
    const total = sizes.reduce((a, s) => a + s.gzip, 0);
    expect(total, JSON.stringify(sizes)).toBeLessThan(HOME_INITIAL_JS_GZIP_BUDGET);
  });

  it('counts static imports to any depth (the check itself)', () => {
    const files = initialChunks({
      'index.html': { file: 'a.js', isEntry: true, imports: ['_b.js'] },
      '_b.js': { file: 'b.js', imports: ['_c.js'] },
      '_c.js': { file: 'c.js' },
      'src/Page.tsx': { file: 'page.js', imports: ['_b.js'] },
    });
    expect(files.sort()).toEqual(['a.js', 'b.js', 'c.js']);
  });
});
