/*
 * Lighthouse mobile performance (its default: a mid-range phone on slow 4G, simulated throttling)
 * for the home page, the salon list and a salon page, in Debian's Chromium, offline. Run by
 * `npm run bench` against `npm start`'s server on the embedded demo data; on its own, against a
 * running server: `npx tsx bench/lighthouse.ts http://127.0.0.1:3000` (LH_RUNS=3 by default).
 *
 * Lighthouse simulates the phone from the trace it observes: it multiplies the CPU time it saw by
 * 4, so on a machine whose cores other work shares, Total Blocking Time (and with it the score)
 * rises with the load. Each page is measured `runs` times and the run with the median score is
 * kept; the 1-minute load average and Lighthouse's own CPU benchmark (benchmarkIndex: a quiet
 * desktop scores 1,000 to 2,000, the lower the busier) are reported beside the figures.
 */
import fs from 'node:fs';
import os from 'node:os';

export interface LighthouseFigures {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  speedIndexMs: number;
  /** Every run's score, lowest first (the figures above are the median run's); a run Lighthouse could not finish is its error code. */
  scores: (number | string)[];
  /** Lighthouse's CPU benchmark on the median run (higher is a faster, quieter machine). */
  benchmarkIndex: number;
  /** The machine's 1-minute load average when this page's runs began. */
  loadAverage: number;
}

export type LighthousePage = 'home' | 'salonList' | 'salonPage';
export type LighthouseResults = Record<LighthousePage, LighthouseFigures | null>;

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'];

/** The median-score run of `runs` Lighthouse runs of one URL. */
async function measure(url: string, runs: number): Promise<LighthouseFigures> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const loadAverage = Math.round(os.loadavg()[0] * 10) / 10;
  const all: Omit<LighthouseFigures, 'scores' | 'loadAverage'>[] = [];
  // A run Lighthouse could not finish (its runtimeError: a page that never painted, a trace it could not
  // read) has no score: it is reported by its code, never counted as a 0 in the median.
  const failed: string[] = [];
  // One browser for the runs: Lighthouse clears the origin's storage and cache before each, so every
  // run is a first visit (the home page's splash included).
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  try {
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
      if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
      const { lhr } = result;
      const score = lhr.categories.performance?.score;
      if (lhr.runtimeError || typeof score !== 'number') {
        failed.push(lhr.runtimeError?.code ?? 'NO_SCORE');
        continue;
      }
      const num = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
      all.push({
        performance: Math.round(score * 100),
        lcpMs: Math.round(num('largest-contentful-paint')),
        tbtMs: Math.round(num('total-blocking-time')),
        cls: Math.round(num('cumulative-layout-shift') * 1000) / 1000,
        fcpMs: Math.round(num('first-contentful-paint')),
        speedIndexMs: Math.round(num('speed-index')),
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      });
    }
  } finally {
    await chrome.kill();
  }
  if (!all.length) throw new Error(`lighthouse could not measure ${url}: ${failed.join(', ')}`);
  all.sort((a, b) => a.performance - b.performance);
  return { ...all[Math.floor(all.length / 2)], scores: [...all.map((r) => r.performance), ...failed], loadAverage };
}

/** A published salon's id, from the server's own search. */
async function someSalonId(base: string): Promise<string | null> {
  const res = await fetch(`${base}/api/merchants/search?location=Pune&limit=1`);
  if (!res.ok) return null;
  const body = (await res.json()) as { data?: { merchants?: { _id: string }[] } };
  return body.data?.merchants?.[0]?._id ?? null;
}

export async function lighthouseMobile(base: string, runs = 3): Promise<LighthouseResults | null> {
  if (!fs.existsSync(CHROME)) return null;
  const salonId = await someSalonId(base);
  return {
    home: await measure(`${base}/`, runs),
    salonList: await measure(`${base}/salons?location=Pune`, runs),
    salonPage: salonId ? await measure(`${base}/salon/${salonId}`, runs) : null,
  };
}

/** One table row per page: score (all runs), LCP / TBT, CLS, and the load it was measured under. */
export function lighthouseRows(r: LighthouseResults | null): [string, string][] {
  return (['home', 'salonList', 'salonPage'] as const).map((k) => {
    const f = r?.[k];
    return [
      `Lighthouse mobile ${k}: score (runs), LCP/TBT ms, CLS; load avg, benchmarkIndex`,
      f ? `${f.performance} (${f.scores.join('/')}), ${f.lcpMs}/${f.tbtMs}, ${f.cls}; ${f.loadAverage}, ${f.benchmarkIndex}` : 'n/a',
    ];
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? 'http://127.0.0.1:3000';
  lighthouseMobile(base, Number(process.env.LH_RUNS ?? 3)).then(
    (r) => {
      console.log(JSON.stringify(r, null, 2));
      for (const [label, value] of lighthouseRows(r)) console.log(`${label}: ${value}`);
      process.exit(0);
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
