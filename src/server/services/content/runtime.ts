import path from 'node:path';
import { OFFLINE_PROVIDER } from '../../../shared/delivery.js';
import type { AppDeps } from '../../deps.js';

/** Whether e-mails go to the local mail drop on a development server (and where), for the screens that wait for a code. */
export function devMailDrop(deps: AppDeps): { devMailDrop: boolean; mailDropDir: string | null } {
  const on = deps.env.NODE_ENV === 'development' && deps.adapters.transports.email.provider === OFFLINE_PROVIDER;
  return { devMailDrop: on, mailDropDir: on ? path.join(deps.env.DATA_DIR, 'mail') : null };
}
