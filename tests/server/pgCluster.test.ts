import { describe, expect, it } from 'vitest';
import { findPgBin, type PgBinProbe } from '../helpers/pgCluster.js';

/** A fake file system: `files` are the initdb paths that exist; `dirs` the version directories. */
const probe = (opts: { files?: string[]; versions?: string[]; pgConfig?: string; env?: Record<string, string> }): PgBinProbe => ({
  env: opts.env ?? {},
  exists: (f) => (opts.files ?? []).includes(f),
  list: (dir) => (dir === '/usr/lib/postgresql' ? (opts.versions ?? []) : []),
  pgConfigBindir: () => opts.pgConfig,
});

describe('findPgBin: the replica test finds PostgreSQL whatever its version', () => {
  it('finds a PostgreSQL 17 install (not only 15)', () => {
    const { bin } = findPgBin(probe({ versions: ['17'], files: ['/usr/lib/postgresql/17/bin/initdb'] }));
    expect(bin, 'PostgreSQL 17 binaries are found').toBe('/usr/lib/postgresql/17/bin');
  });

  it('picks the newest version that has initdb (16 before 9.6, skipping a client-only 18)', () => {
    const { bin } = findPgBin(
      probe({
        versions: ['9.6', '16', '18'],
        files: ['/usr/lib/postgresql/9.6/bin/initdb', '/usr/lib/postgresql/16/bin/initdb'],
      }),
    );
    expect(bin).toBe('/usr/lib/postgresql/16/bin');
  });

  it('prefers pg_config --bindir when it holds initdb', () => {
    const { bin } = findPgBin(
      probe({ pgConfig: '/opt/pg/bin', versions: ['16'], files: ['/opt/pg/bin/initdb', '/usr/lib/postgresql/16/bin/initdb'] }),
    );
    expect(bin).toBe('/opt/pg/bin');
  });

  it('PG_BIN wins, and a PG_BIN without initdb is reported, not replaced', () => {
    expect(findPgBin(probe({ env: { PG_BIN: '/x/bin' }, files: ['/x/bin/initdb'] })).bin).toBe('/x/bin');
    const wrong = findPgBin(probe({ env: { PG_BIN: '/y/bin' }, versions: ['16'], files: ['/usr/lib/postgresql/16/bin/initdb'] }));
    expect(wrong.bin).toBeUndefined();
    expect(wrong.looked).toEqual(['PG_BIN=/y/bin']);
  });

  it('names every place it looked when nothing is installed', () => {
    const none = findPgBin(probe({ pgConfig: '/usr/bin' }));
    expect(none.bin).toBeUndefined();
    expect(none.looked).toEqual(['/usr/bin', '/usr/lib/postgresql/*/bin']);
  });
});
