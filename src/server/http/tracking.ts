import type { Express } from 'express';
import type { AppDeps } from '../trpc/context.js';

/** Non-JSON endpoints of marketing (e.g. the e-mail open-tracking pixel); mounted before /api. */
export function mountTracking(_app: Express, _deps: AppDeps): void {}
