import type { z } from 'zod';
import type { dataSubjectInput } from '../../../shared/schemas/clients.js';
import { recordAudit } from '../../db/repositories/audit.js';
import * as repo from '../../db/repositories/clients.js';
import type { Actor, AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { iso } from '../wire.js';

/*
 * A customer's rights under the Digital Personal Data Protection Act 2023 over what salons wrote
 * about them (docs/clients-and-reports.md): an admin exports every salon's records about the
 * person as JSON, or erases them. The person is named by account id and/or e-mail; the records are
 * those under their account's key and under 'walk-in:<e-mail>' (what salons typed at the desk).
 * Bookings, invoices and payments are not client records: tax law keeps them, and they stay.
 */

async function keysOf(deps: AppDeps, subject: z.output<typeof dataSubjectInput>) {
  const byId = subject.accountId ? await repo.accountEmail(deps.db, subject.accountId) : undefined;
  if (subject.accountId && !byId) throw notFound('Account');
  const email = subject.email ?? byId?.email ?? null;
  const account = byId ?? (email ? await repo.accountByEmail(deps.db, email) : undefined);
  const keys = [...(account ? [account.id] : []), ...(email ? [`walk-in:${email.toLowerCase()}`] : [])];
  return { accountId: account?.id ?? null, email, keys };
}

/** Who was asked about, for the audit log (never the records themselves). */
const auditSubject = (who: { accountId: string | null; email: string | null }) => ({ accountId: who.accountId, email: who.email });

export async function exportClientRecords(deps: AppDeps, actor: Actor, subject: z.output<typeof dataSubjectInput>) {
  const who = await keysOf(deps, subject);
  const { profiles, notes, photos } = await repo.recordsOf(deps.db, who.keys);
  await recordAudit(deps.db, actor.id, 'clients.export', 'clients', who.accountId, auditSubject(who));
  const salons = new Map<string, { merchantId: string; salonName: string; clientKey: string }>();
  for (const r of [...profiles, ...notes, ...photos]) {
    salons.set(`${r.merchant_id} ${r.client_key}`, { merchantId: r.merchant_id, salonName: r.shop_name, clientKey: r.client_key });
  }
  const mine = (r: { merchant_id: string; client_key: string }, s: { merchantId: string; clientKey: string }) =>
    r.merchant_id === s.merchantId && r.client_key === s.clientKey;
  return {
    data: {
      exportedAt: iso(deps.now()),
      subject: { accountId: who.accountId, email: who.email, clientKeys: who.keys },
      salons: [...salons.values()].map((s) => {
        const p = profiles.find((r) => mine(r, s));
        return {
          ...s,
          profile: p
            ? {
                allergies: p.allergies,
                patchTest: p.patch_test,
                patchTestOn: p.patch_test_on === null ? null : String(p.patch_test_on),
                tags: p.tags,
                updatedAt: iso(p.updated_at),
              }
            : null,
          notes: notes
            .filter((r) => mine(r, s))
            .map((n) => ({ _id: n.id, body: n.body, authorName: n.author_name, createdAt: iso(n.created_at), revises: n.revises })),
          photos: photos
            .filter((r) => mine(r, s))
            .map((f) => ({
              _id: f.id,
              kind: f.kind,
              caption: f.caption,
              createdAt: iso(f.created_at),
              dataUrl: `data:image/webp;base64,${Buffer.from(f.bytes).toString('base64')}`,
            })),
        };
      }),
    },
  };
}

export async function eraseClientRecords(deps: AppDeps, actor: Actor, subject: z.output<typeof dataSubjectInput>) {
  const who = await keysOf(deps, subject);
  const erased = await deps.db.transaction().execute(async (trx) => {
    const counts = await repo.eraseRecordsOf(trx, who.keys);
    await recordAudit(trx, actor.id, 'clients.erase', 'clients', who.accountId, { ...auditSubject(who), erased: counts });
    return counts;
  });
  const n = erased.profiles + erased.notes + erased.photos;
  return {
    success: true as const,
    message: n === 0 ? 'No salon keeps client records about this person' : `Erased ${n} record${n === 1 ? '' : 's'} across salons`,
    erased,
  };
}
