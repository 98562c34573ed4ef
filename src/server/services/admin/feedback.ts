import type { z } from 'zod';
import type { feedbackInput, feedbackReplyInput, feedbackTargetInput } from '../../../shared/schemas/admin.js';
import { legacyPageOf } from '../../../shared/schemas/paging.js';
import * as repo from '../../db/repositories/admin/support.js';
import { recordAudit } from '../../db/repositories/audit.js';
import { insertNotification } from '../../db/repositories/notifications.js';
import type { Actor, AppDeps } from '../../deps.js';
import { conflict, notFound } from '../../errors.js';
import { renderTemplate } from './templates.js';
import { pageOf, toFeedbackWire } from './wire.js';

/*
 * Contact messages and support tickets. Status: open (new) → pending (answered, waiting on the
 * sender) → closed. A reply to a pending message replaces the earlier one; a closed one takes none.
 */

export async function listFeedback(deps: AppDeps, input: z.output<typeof feedbackInput>) {
  const { rows, total } = await repo.listFeedback(deps.db, {
    kind: input.kind,
    status: input.status,
    search: input.search,
    ...pageOf(input.page, input.limit),
  });
  return { messages: rows.map(toFeedbackWire), ...legacyPageOf(input.page, input.limit, total) };
}

/** E-mails the answer first: the message is marked answered only once the e-mail went out. */
export async function replyFeedback(deps: AppDeps, actor: Actor, input: z.output<typeof feedbackReplyInput>) {
  const current = await repo.findFeedback(deps.db, input.id);
  if (!current) throw notFound('Message');
  if (current.status === 'closed') throw conflict('This message is closed; it takes no more replies');
  const mail = await renderTemplate(deps.db, 'support_reply', {
    name: current.name,
    subject: current.subject,
    message: current.message.replace(/\n/g, '\n> '),
    reply: input.reply,
  });
  await deps.adapters.email.send({ to: current.email, ...mail, meta: { purpose: 'support_reply', supportMessageId: current.id } });
  const row = await deps.db.transaction().execute(async (trx) => {
    const locked = await repo.findFeedback(trx, input.id, { lock: true });
    if (!locked) throw notFound('Message');
    const row = await repo.updateFeedback(trx, input.id, {
      reply: input.reply,
      replied_at: new Date(),
      status: locked.status === 'closed' ? 'closed' : 'pending',
    });
    if (locked.account_id) {
      await insertNotification(trx, {
        accountId: locked.account_id,
        type: 'system',
        title: 'We answered your message',
        message: `Re: ${locked.subject}`,
        link: null,
      });
    }
    await recordAudit(trx, actor.id, 'feedback.reply', 'support_message', input.id, { kind: locked.kind });
    return row;
  });
  return { message: toFeedbackWire(row) };
}

export async function closeFeedback(deps: AppDeps, actor: Actor, input: z.output<typeof feedbackTargetInput>) {
  const row = await deps.db.transaction().execute(async (trx) => {
    const locked = await repo.findFeedback(trx, input.id, { lock: true });
    if (!locked) throw notFound('Message');
    if (locked.status === 'closed') return locked;
    const row = await repo.updateFeedback(trx, input.id, { status: 'closed' });
    await recordAudit(trx, actor.id, 'feedback.close', 'support_message', input.id, { from: locked.status });
    return row;
  });
  return { message: toFeedbackWire(row) };
}
