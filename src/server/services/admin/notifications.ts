import type { z } from 'zod';
import { ROLES, type Role } from '../../../shared/constants.js';
import type { broadcastInput, broadcastsInput } from '../../../shared/schemas/admin.js';
import { legacyPageOf } from '../../../shared/schemas/paging.js';
import { broadcastNotification } from '../../db/repositories/admin/notifications.js';
import { listAudit, recordAudit } from '../../db/repositories/audit.js';
import type { Actor, AppDeps } from '../../deps.js';
import { recordPushBroadcast } from '../push/service.js';
import { iso } from '../wire.js';
import { pageOf } from './wire.js';

const AUDIENCE_ROLES: Record<z.output<typeof broadcastInput>['audience'], Role[]> = {
  all: [...ROLES],
  customers: ['customer'],
  merchants: ['merchant'],
};
const BROADCAST_ACTION = 'notifications.broadcast';

const PUSH_AUDIENCE = { all: 'all', customers: 'customer', merchants: 'merchant' } as const;

/** An in-app notification to every unblocked account of the audience, and optionally a web push. */
export async function broadcast(deps: AppDeps, actor: Actor, input: z.output<typeof broadcastInput>) {
  const { recipients, pushSubscriptions } = await deps.db.transaction().execute(async (trx) => {
    const n = await broadcastNotification(trx, {
      title: input.title,
      message: input.message,
      link: input.link ?? null,
      roles: AUDIENCE_ROLES[input.audience],
    });
    await recordAudit(trx, actor.id, BROADCAST_ACTION, 'notification', null, {
      title: input.title,
      message: input.message,
      audience: input.audience,
      link: input.link ?? null,
      recipients: n,
      push: input.push,
    });
    const pushed = input.push
      ? await recordPushBroadcast(trx, actor, {
          title: input.title,
          body: input.message,
          url: input.link ?? null,
          audience: PUSH_AUDIENCE[input.audience],
        })
      : null;
    return { recipients: n, pushSubscriptions: pushed?.subscriptions ?? 0 };
  });
  const pushText = input.push ? ` Push queued for ${pushSubscriptions} subscribed browser${pushSubscriptions === 1 ? '' : 's'}.` : '';
  return { recipients, pushSubscriptions, message: `Sent to ${recipients} account${recipients === 1 ? '' : 's'}.${pushText}` };
}

/** Past broadcasts, read back from the audit log that records each one. */
export async function listBroadcasts(deps: AppDeps, input: z.output<typeof broadcastsInput>) {
  const { rows, total } = await listAudit(deps.db, { action: BROADCAST_ACTION, ...pageOf(input.page, input.limit) });
  return {
    broadcasts: rows.map((r) => {
      const d = (r.details ?? {}) as Record<string, unknown>;
      return {
        _id: String(r.id),
        title: String(d.title ?? ''),
        message: String(d.message ?? ''),
        audience: String(d.audience ?? ''),
        recipients: Number(d.recipients ?? 0),
        sentBy: r.actor_email ?? null,
        createdAt: iso(r.created_at),
      };
    }),
    ...legacyPageOf(input.page, input.limit, total),
  };
}
