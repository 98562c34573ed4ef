import type { Express } from 'express';
import type { AppDeps } from '../trpc/context.js';

/** File downloads (e.g. invoice PDFs); mounted before /api. */
export function mountDownloads(_app: Express, _deps: AppDeps): void {}
