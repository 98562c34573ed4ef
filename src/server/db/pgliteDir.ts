import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/*
 * A new embedded database starts from the template `npm run build` writes (pglite-template.ts): a
 * data directory PGlite made and shut down cleanly, with the migrations of that build applied. A
 * first start copies it (a fraction of initdb's time, and of unpacking an archive through PGlite's
 * file system); migrations newer than the template still run. This module needs nothing but Node,
 * so the server's entry can start the copy before it loads the rest of the server.
 */
export const PGLITE_TEMPLATE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..', 'pglite-template');

/** Where the embedded cluster of a DATA_DIR lives. */
export const clusterDir = (dataDir: string | undefined) => path.resolve(dataDir ?? './.data', 'pgdata');

/** A directory PGlite has not made a cluster in yet. */
export const isNewDataDir = (dataDir: string) => !fs.existsSync(path.join(dataDir, 'PG_VERSION'));

/**
 * fs.cpSync on a worker thread: the copy (1,230 files, most of a first start's file-system time)
 * runs on another core while the main thread goes on compiling the server's modules. An
 * asynchronous fs.cp leaves the main thread free too, but takes half as long again in all.
 */
function copyOnWorker(from: string, to: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(
      `const { workerData } = require('node:worker_threads');
       require('node:fs').cpSync(workerData.from, workerData.to, { recursive: true });`,
      { eval: true, workerData: { from, to } },
    );
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the template copy stopped with code ${code}`))));
  });
}

/**
 * Copies the template into `dataDir` when that holds no cluster yet; true when it did. The copy
 * goes into a sibling first, renamed into place once whole, so a start cut short never leaves half
 * a cluster that a later start would take as made. The sibling's name is fixed, so the next start
 * clears what a start cut short left there. A copy that fails leaves no directory behind (false).
 */
export async function copyTemplateIfNew(dataDir: string, template: string = PGLITE_TEMPLATE): Promise<boolean> {
  if (!isNewDataDir(dataDir) || !fs.existsSync(path.join(template, 'PG_VERSION'))) return false;
  const partial = `${dataDir}.partial`;
  try {
    fs.rmSync(partial, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(partial), { recursive: true });
    await copyOnWorker(template, partial);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.renameSync(partial, dataDir);
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(partial, { recursive: true, force: true });
  }
}

const early = new Map<string, Promise<boolean>>();

/** Starts copyTemplateIfNew ahead of time; the next openPglite of that directory waits for it. */
export function startTemplateCopy(dataDir: string, template: string = PGLITE_TEMPLATE): void {
  // Never a rejection left unhandled, should the start fail before the open takes the copy.
  early.set(
    path.resolve(dataDir),
    copyTemplateIfNew(dataDir, template).catch(() => false),
  );
}

/** The copy startTemplateCopy began for this directory, once (later opens copy for themselves). */
export function takeStartedCopy(dataDir: string): Promise<boolean> | undefined {
  const key = path.resolve(dataDir);
  const started = early.get(key);
  early.delete(key);
  return started;
}
