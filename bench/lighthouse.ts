/*
 * Lighthouse mobile performance (its default: a mid-range phone on slow 4G, simulated throttling)
 * for the home page, the salon list and a salon page, in Debian's Chromium, offline. Run by
 * `npm run bench`; on its own: `npx tsx bench/lighthouse.ts http://127.0.0.1:3000`.
 */
import fs from 'node:fs';

export interface LighthouseFigures {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  speedIndexMs: number;
}

export type LighthouseResults = Record<'home' | 'salonList' | 'salonPage', LighthouseFigures | null>;

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** The median of `runs` Lighthouse runs of one URL (its figures vary from run to run on a shared machine). */
async function measure(url: string, runs: number): Promise<LighthouseFigures> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  const all: LighthouseFigures[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
      if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
      const { lhr } = result;
      const num = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
      all.push({
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcpMs: Math.round(num('largest-contentful-paint')),
        tbtMs: Math.round(num('total-blocking-time')),
        cls: Math.round(num('cumulative-layout-shift') * 1000) / 1000,
        fcpMs: Math.round(num('first-contentful-paint')),
        speedIndexMs: Math.round(num('speed-index')),
      });
    }
  } finally {
    await chrome.kill();
  }
  all.sort((a, b) => a.performance - b.performance);
  return all[Math.floor(all.length / 2)];
}

/** A published salon's id, from the server's own search (the bench's catalogue has thousands). */
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? 'http://127.0.0.1:3000';
  lighthouseMobile(base, Number(process.env.LH_RUNS ?? 1)).then(
    (r) => {
      console.log(JSON.stringify(r, null, 2));
      process.exit(0);
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
