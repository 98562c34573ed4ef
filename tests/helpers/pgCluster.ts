import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface PgBinProbe {
  env: Record<string, string | undefined>;
  /** Whether a file exists. */
  exists(file: string): boolean;
  /** The names in a directory ([] when it does not exist). */
  list(dir: string): string[];
  /** `pg_config --bindir`, or undefined when pg_config is not installed. */
  pgConfigBindir(): string | undefined;
}

const realProbe: PgBinProbe = {
  env: process.env,
  exists: (file) => fs.existsSync(file),
  list: (dir) => {
    try {
      return fs.readdirSync(dir);
    } catch {
      return [];
    }
  },
  pgConfigBindir: () => {
    try {
      return (
        execFileSync('pg_config', ['--bindir'], { stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 })
          .toString()
          .trim() || undefined
      );
    } catch {
      return undefined;
    }
  },
};

/**
 * Where PostgreSQL's server binaries (initdb, pg_ctl, pg_basebackup) are, whatever version is
 * installed: PG_BIN when set; else `pg_config --bindir` when it holds initdb; else the newest
 * `/usr/lib/postgresql/<version>/bin` (Debian's layout) that holds initdb. `bin` is undefined when
 * none is found, and `looked` names the places tried (for the error message).
 */
export function findPgBin(probe: PgBinProbe = realProbe): { bin: string | undefined; looked: string[] } {
  const hasInitdb = (dir: string) => probe.exists(path.join(dir, 'initdb'));
  if (probe.env.PG_BIN) return { bin: hasInitdb(probe.env.PG_BIN) ? probe.env.PG_BIN : undefined, looked: [`PG_BIN=${probe.env.PG_BIN}`] };
  const looked: string[] = [];
  const fromPgConfig = probe.pgConfigBindir();
  if (fromPgConfig) {
    looked.push(fromPgConfig);
    if (hasInitdb(fromPgConfig)) return { bin: fromPgConfig, looked };
  }
  const versions = probe
    .list('/usr/lib/postgresql')
    .filter((v) => /^\d+(\.\d+)?$/.test(v))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  for (const v of versions) {
    const dir = `/usr/lib/postgresql/${v}/bin`;
    looked.push(dir);
    if (hasInitdb(dir)) return { bin: dir, looked };
  }
  if (!versions.length) looked.push('/usr/lib/postgresql/*/bin');
  return { bin: undefined, looked };
}

const found = findPgBin();
/** PostgreSQL's server binaries, of whatever version is installed (see findPgBin). */
export const PG_BIN = found.bin ?? '';
export const HAVE_INITDB = found.bin !== undefined;
/** Why the replica test cannot run, when it cannot. */
export const NO_INITDB_REASON = `no PostgreSQL initdb found (looked in ${found.looked.join(', ')}); set PG_BIN to PostgreSQL's server binaries`;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL binary as the postgres user (the server refuses to run as root). */
function asPostgres(bin: string, args: string[]) {
  const run =
    process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', path.join(PG_BIN, bin), ...args]] : [path.join(PG_BIN, bin), args];
  return execFileSync(run[0] as string, run[1] as string[], { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 }).toString();
}

export interface Cluster {
  dir: string;
  port: number;
  url: string;
  stop(): void;
}

export interface PrimaryWithReplica {
  primary: Cluster;
  replica: Cluster;
  /** Stops both and removes their directories. */
  destroy(): void;
}

const SETTINGS = (port: number, socketDir: string) => `
port = ${port}
listen_addresses = '127.0.0.1'
unix_socket_directories = '${socketDir}'
wal_level = replica
max_wal_senders = 4
hot_standby = on
fsync = off
full_page_writes = off
shared_buffers = 32MB
max_connections = 60
`;

function start(dir: string, port: number): Cluster {
  asPostgres('pg_ctl', ['-D', dir, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  let stopped = false;
  return {
    dir,
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        asPostgres('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already down
      }
    },
  };
}

/**
 * A throwaway primary (initdb in a temp directory, `wal_level=replica`, replication allowed from
 * 127.0.0.1) and a hot standby streaming from it (pg_basebackup -R), each on a free port.
 */
export async function startPrimaryWithReplica(): Promise<PrimaryWithReplica> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-replica-'));
  fs.chmodSync(root, 0o755);
  execFileSync('chown', ['postgres:postgres', root]);
  const primaryDir = path.join(root, 'primary');
  const replicaDir = path.join(root, 'replica');
  const clusters: Cluster[] = [];
  const destroy = () => {
    for (const c of clusters.reverse()) c.stop();
    fs.rmSync(root, { recursive: true, force: true });
  };
  try {
    const [primaryPort, replicaPort] = [await freePort(), await freePort()];
    asPostgres('initdb', ['-D', primaryDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
    fs.appendFileSync(path.join(primaryDir, 'postgresql.conf'), SETTINGS(primaryPort, root));
    fs.appendFileSync(path.join(primaryDir, 'pg_hba.conf'), '\nhost replication all 127.0.0.1/32 trust\n');
    const primary = start(primaryDir, primaryPort);
    clusters.push(primary);
    asPostgres('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replicaDir,
      '-R',
      '-X',
      'stream',
      '--no-sync',
      '-c',
      'fast',
    ]);
    // The copy carries the primary's settings: only the port differs.
    fs.appendFileSync(path.join(replicaDir, 'postgresql.conf'), `\nport = ${replicaPort}\n`);
    const replica = start(replicaDir, replicaPort);
    clusters.push(replica);
    return { primary, replica, destroy };
  } catch (err) {
    destroy();
    throw err;
  }
}
