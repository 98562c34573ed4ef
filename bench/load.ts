import http from 'node:http';
import os from 'node:os';
import { type CpuSplit, cpuMeter } from './cpu.js';

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  statuses: Record<number, number>;
  /** CPU ms per counted request by part, when the server processes were named. */
  cpuMsPerRequest?: CpuSplit;
  /** The warm-up's own figures (not counted above): how the processes did while V8 compiled the paths. */
  warmup: { seconds: number; requests: number; rps: number; p50: number; p95: number; statuses: Record<number, number> };
}

export interface RequestSpec {
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export function request(spec: RequestSpec): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const u = new URL(spec.url);
    const payload = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    const req = http.request(
      {
        agent,
        host: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method: spec.method,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...spec.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  const idx = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, idx)];
}

/**
 * A closed-loop load: `concurrency` workers each send the next request as soon as the previous
 * answered, for `seconds` (after `warmupSeconds` not counted). Exact percentiles, not buckets.
 */
export async function runLoad(opts: {
  concurrency: number;
  seconds: number;
  warmupSeconds?: number;
  next: (worker: number, i: number) => RequestSpec;
  /** Every response, those of the warm-up too. */
  onResponse?: (status: number, body: string) => void;
  /** The server processes under load: their CPU per request is measured with the rest. */
  serverPids?: number[];
}): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  const warmupLatencies: number[] = [];
  const warmupStatuses: Record<number, number> = {};
  const warmupSeconds = opts.warmupSeconds ?? 1;
  const warmupEnd = Date.now() + warmupSeconds * 1000;
  const end = warmupEnd + opts.seconds * 1000;
  let counted = 0;
  // Measured over the counted part of the run only.
  let meter: ReturnType<typeof cpuMeter> | null = null;
  const startMeter = () => (meter = opts.serverPids ? cpuMeter(opts.serverPids, os.cpus().length) : null);
  const warmupTimer = warmupEnd > Date.now() ? setTimeout(startMeter, warmupEnd - Date.now()) : (startMeter(), undefined);
  await Promise.all(
    Array.from({ length: opts.concurrency }, async (_, w) => {
      let i = 0;
      while (Date.now() < end) {
        const spec = opts.next(w, i++);
        const t0 = process.hrtime.bigint();
        let status = 0;
        let body = '';
        try {
          const r = await request(spec);
          status = r.status;
          body = r.body;
        } catch {
          status = 0;
        }
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        if (Date.now() > warmupEnd) {
          latencies.push(ms);
          statuses[status] = (statuses[status] ?? 0) + 1;
          counted++;
        } else {
          warmupLatencies.push(ms);
          warmupStatuses[status] = (warmupStatuses[status] ?? 0) + 1;
        }
        opts.onResponse?.(status, body);
      }
    }),
  );
  clearTimeout(warmupTimer);
  const cpu = (meter as ReturnType<typeof cpuMeter> | null)?.stop(counted);
  latencies.sort((a, b) => a - b);
  warmupLatencies.sort((a, b) => a - b);
  return {
    requests: counted,
    seconds: opts.seconds,
    rps: Math.round(counted / opts.seconds),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    statuses,
    ...(cpu ? { cpuMsPerRequest: cpu } : {}),
    warmup: {
      seconds: warmupSeconds,
      requests: warmupLatencies.length,
      rps: Math.round(warmupLatencies.length / Math.max(warmupSeconds, 0.001)),
      p50: round(percentile(warmupLatencies, 50)),
      p95: round(percentile(warmupLatencies, 95)),
      statuses: warmupStatuses,
    },
  };
}

const round = (n: number) => Math.round(n * 100) / 100;
