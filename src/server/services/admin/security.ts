import type { z } from 'zod';
import type { securityInput } from '../../../shared/schemas/admin.js';
import { platformTotals } from '../../db/repositories/admin/reports.js';
import { failedSignIns, overThreshold } from '../../db/repositories/admin/security.js';
import type { AppDeps } from '../../deps.js';
import {
  MAX_FAILURES_PER_ACCOUNT_ALL_IPS,
  MAX_FAILURES_PER_ACCOUNT_AND_IP,
  MAX_FAILURES_PER_IP,
  THROTTLE_WINDOW_MIN,
} from '../auth/service.js';
import { iso } from '../wire.js';

/** Failed sign-ins of the last hours, and who the sign-in throttle (services/auth) refuses right now. */
export async function getSecurity(deps: AppDeps, input: z.output<typeof securityInput>, opts: { now?: Date } = {}) {
  const now = (opts.now ?? new Date()).getTime();
  const windowMs = THROTTLE_WINDOW_MIN * 60_000;
  const throttleSince = new Date(now - windowMs);
  const [failed, everywhere, fromOneIp, ips, totals] = await Promise.all([
    failedSignIns(deps.db, new Date(now - input.hours * 3_600_000), 100),
    overThreshold(deps.db, 'email', throttleSince, MAX_FAILURES_PER_ACCOUNT_ALL_IPS),
    overThreshold(deps.db, 'email-ip', throttleSince, MAX_FAILURES_PER_ACCOUNT_AND_IP),
    overThreshold(deps.db, 'ip', throttleSince, MAX_FAILURES_PER_IP),
    platformTotals(deps.db),
  ]);
  const until = (releasingAt: Date) => iso(new Date(new Date(releasingAt).getTime() + windowMs));
  return {
    hours: input.hours,
    failedSignIns: failed.map((f) => ({ email: f.email, ip: f.ip, count: Number(f.count), lastAt: iso(f.last_at) })),
    // Refused everywhere (too many failures from all IPs together), then refused from one IP only.
    throttledAccounts: [...everywhere, ...fromOneIp.filter((a) => !everywhere.some((e) => e.key === a.key))].map((a) => ({
      email: a.key,
      ip: a.ip,
      failures: Number(a.failures),
      lastAt: iso(a.last_at),
      until: until(a.releasing_at),
    })),
    throttledIps: ips.map((a) => ({ ip: a.key, failures: Number(a.failures), lastAt: iso(a.last_at), until: until(a.releasing_at) })),
    blockedAccounts: totals.blocked,
  };
}
