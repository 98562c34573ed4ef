import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type ScratchDatabase, scratchDatabaseOn } from '../helpers/scratchDb.js';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const ENTRY = path.join(ROOT, 'dist/server/src/server/main.js');
export const JWT_SECRET = 'faults-secret-faults-secret-faults-secret-0123';
/** The shared local PostgreSQL: scratch databases only, never stopped or restarted by these tests. */
export const SHARED_PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function requireBuild() {
  if (!fs.existsSync(ENTRY))
    throw new Error(`The fault tests drive the built server: run \`npm run build\` first (npm test does). Missing ${ENTRY}`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  dataDir: string;
  log(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** Kills the whole process group and removes the data directory. */
  dispose(): Promise<void>;
}

/**
 * Starts `node dist/server/src/server/main.js` in its own process group and waits for /api/health to
 * answer 200; `root` runs the copy of the package found there instead of this checkout.
 */
export async function startServer(
  env: Record<string, string | undefined>,
  opts: { healthyWithinMs?: number; root?: string } = {},
): Promise<ServerProcess> {
  requireBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-faults-'));
  const port = await freePort();
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const root = opts.root ?? ROOT;
  const child = spawn(process.execPath, [path.join(root, path.relative(ROOT, ENTRY))], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET,
      DATABASE_URL: undefined,
      TEST_DATABASE_URL: undefined,
      ...env,
    },
    stdio: ['ignore', log, log],
    detached: true,
  });
  fs.closeSync(log);
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const url = `http://127.0.0.1:${port}`;
  const readLog = () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '');
  const server: ServerProcess = {
    child,
    url,
    port,
    dataDir,
    log: readLog,
    exited,
    async dispose() {
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
        await Promise.race([exited, sleep(3000)]);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  const until = Date.now() + (opts.healthyWithinMs ?? 60_000);
  while (Date.now() < until) {
    if (child.exitCode !== null) {
      const out = readLog();
      await server.dispose();
      throw new Error(`server exited with ${child.exitCode} while starting:\n${out}`);
    }
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) return server;
    } catch {
      // not listening yet
    }
    await sleep(150);
  }
  const out = readLog();
  await server.dispose();
  throw new Error(`server did not become healthy:\n${out}`);
}

export interface Answer {
  status: number;
  text: string;
  json: any;
}

export async function call(
  base: string,
  method: string,
  apiPath: string,
  opts: { body?: unknown; raw?: string; token?: string; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.body !== undefined || opts.raw !== undefined) headers['content-type'] ??= 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await fetch(`${base}${apiPath}`, {
    method,
    headers,
    body: opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
    signal: opts.signal,
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, text, json };
}

/** A scratch database on the shared local PostgreSQL, dropped by `drop()`. */
export function scratchDatabase(prefix: string): Promise<ScratchDatabase> {
  return scratchDatabaseOn(SHARED_PG, prefix);
}

/** Strings that must never reach a client: stack traces, source paths, connection strings, secrets. */
export function leaks(text: string, secrets: string[] = []): string[] {
  const found: string[] = [];
  for (const needle of ['"stack"', 'at /', 'node_modules', 'DATABASE_URL', 'postgres://', 'postgresql://', ROOT, JWT_SECRET, ...secrets]) {
    if (needle && text.includes(needle)) found.push(needle);
  }
  if (/\n\s+at .+:\d+:\d+/.test(text)) found.push('a stack frame');
  return found;
}
