import fs from 'node:fs';

/*
 * CPU time spent during a load phase, by part: the load generator (this process), the server
 * processes (every thread) and PostgreSQL (every process of the local cluster). On a box whose
 * cores are shared by all of them, CPU milliseconds per request say where a request's time goes
 * better than a profile, whose wall-clock samples also count the time a thread waited for a core.
 * Read from /proc (Linux); elsewhere the figures are null.
 */

const TICK_MS = 1000 / 100; // USER_HZ is 100 on every Linux kernel Node supports

/** The fields of a /proc stat line from field 3 (state) on: field N is at index N - 3. */
function statFields(file: string): string[] | null {
  try {
    const stat = fs.readFileSync(file, 'utf8');
    // The command name may hold spaces and parentheses: the fields start after its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}
const cpuOf = (f: string[]) => (Number(f[11]) + Number(f[12])) * TICK_MS;
const niceOf = (f: string[]) => Number(f[16]);

/** utime + stime of a process, all its threads included, in ms; null when it is gone or /proc is missing. */
function processCpuMs(pid: number): number | null {
  const f = statFields(`/proc/${pid}/stat`);
  return f ? cpuOf(f) : null;
}

/** CPU ms of the processes together (a process that is gone counts 0). */
const processesCpuMs = (pids: number[]) => pids.reduce((n, pid) => n + (processCpuMs(pid) ?? 0), 0);

/**
 * CPU ms of a server's background job thread: the thread running at a lower priority than the
 * process (JOB_THREAD_NICE, see src/server/jobs/worker.ts). 0 when jobs run on the main thread.
 */
function jobThreadCpuMs(pid: number): number {
  const main = statFields(`/proc/${pid}/stat`);
  if (!main) return 0;
  let ms = 0;
  try {
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      const f = statFields(`/proc/${pid}/task/${tid}/stat`);
      if (f && niceOf(f) > niceOf(main)) ms += cpuOf(f);
    }
  } catch {
    // gone
  }
  return ms;
}

/** Every process whose command is postgres (the postmaster, its backends and helpers). */
function postgresPids(): number[] {
  try {
    return fs
      .readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map(Number)
      .filter((pid) => {
        try {
          return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
        } catch {
          return false;
        }
      });
  } catch {
    return [];
  }
}

export interface CpuSplit {
  /** CPU ms per counted request. */
  loadGenerator: number | null;
  servers: number | null;
  /** Of `servers`: the background job threads (confirmation e-mails, deliveries, reminders). */
  serverJobs: number | null;
  postgres: number | null;
  total: number | null;
  /** Share of the machine's cores the parts used together, 0–1. */
  busy: number | null;
  /**
   * Share of the cores' time the hypervisor gave to other machines (steal in /proc/stat), 0–1:
   * when it is high, every figure of the phase reads slower than the code is.
   */
  stolen: number | null;
}

/** [steal, all] ticks of every core since boot. */
function cpuTicks(): [number, number] {
  try {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
    return [fields[7], fields.reduce((n, f) => n + f, 0)];
  } catch {
    return [0, 0];
  }
}

/**
 * Starts measuring. `stop(requests)` gives CPU ms per request for each part. Backends that end
 * during the phase take their time with them, so PostgreSQL's figure is a floor when pools reconnect.
 */
export function cpuMeter(serverPids: number[], cores: number) {
  if (!fs.existsSync('/proc/self/stat'))
    return {
      stop: (): CpuSplit => ({
        loadGenerator: null,
        servers: null,
        serverJobs: null,
        postgres: null,
        total: null,
        busy: null,
        stolen: null,
      }),
    };
  const t0 = performance.now();
  const [steal0, all0] = cpuTicks();
  const self0 = process.cpuUsage();
  const servers0 = processesCpuMs(serverPids);
  const jobs = () => serverPids.reduce((n, pid) => n + jobThreadCpuMs(pid), 0);
  const jobs0 = jobs();
  const pg0 = new Map(postgresPids().map((pid) => [pid, processCpuMs(pid) ?? 0]));
  return {
    stop(requests: number): CpuSplit {
      const wallMs = performance.now() - t0;
      const self = process.cpuUsage(self0);
      const selfMs = (self.user + self.system) / 1000;
      const serversMs = processesCpuMs(serverPids) - servers0;
      const jobsMs = jobs() - jobs0;
      let pgMs = 0;
      for (const pid of postgresPids()) pgMs += (processCpuMs(pid) ?? 0) - (pg0.get(pid) ?? 0);
      const [steal1, all1] = cpuTicks();
      const per = (ms: number) => Math.round((ms / Math.max(1, requests)) * 100) / 100;
      return {
        loadGenerator: per(selfMs),
        servers: per(serversMs),
        serverJobs: per(jobsMs),
        postgres: per(pgMs),
        total: per(selfMs + serversMs + pgMs),
        busy: Math.round(((selfMs + serversMs + pgMs) / (wallMs * cores)) * 100) / 100,
        stolen: all1 > all0 ? Math.round(((steal1 - steal0) / (all1 - all0)) * 100) / 100 : null,
      };
    },
  };
}

/**
 * Waits until the processes have settled after starting: a server answers /api/health before its
 * job thread has loaded its modules, which then takes CPU for a while, and a phase measured from
 * that moment would count the thread's start-up. Settled: under 5% of a core over 250 ms.
 */
export async function waitUntilSettled(pids: number[], maxMs = 15_000): Promise<void> {
  if (!fs.existsSync('/proc/self/stat')) return;
  const end = Date.now() + maxMs;
  let last = processesCpuMs(pids);
  while (Date.now() < end) {
    await new Promise((r) => setTimeout(r, 250));
    const now = processesCpuMs(pids);
    if (now - last < 250 * 0.05 * pids.length) return;
    last = now;
  }
}
