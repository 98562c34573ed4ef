import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { createContactUsInput } from '../../../shared/schemas/content.js';
import type { SupportMessagesTable } from '../../db/types.js';
import { badRequest, forbidden, unauthorized } from '../../errors.js';
import { queueMessage } from '../../messaging/index.js';
import type { Actor, AppDeps } from '../../trpc/context.js';
import { managesSalon } from '../scope.js';
import { iso } from '../wire.js';

function toWire(r: Selectable<SupportMessagesTable>) {
  return {
    _id: r.id,
    kind: r.kind,
    type: r.type,
    subject: r.subject,
    message: r.message,
    category: r.category,
    priority: r.priority,
    status: r.status,
    reply: r.reply,
    repliedAt: r.replied_at ? iso(r.replied_at) : null,
    createdAt: iso(r.created_at),
  };
}

/** The spec's default priority of a support ticket. */
export const DEFAULT_TICKET_PRIORITY = 'medium' as const;

/**
 * support/createContactUs: a contact message from anyone, or (with a category, and a priority that
 * defaults to medium) a support ticket from a signed-in user; acknowledged by e-mail. Admins answer
 * on /admin/feedback.
 */
export async function createContactUs(deps: AppDeps, actor: Actor | null, input: z.output<typeof createContactUsInput>) {
  const isTicket = Boolean(input.category || input.priority);
  if (isTicket && !input.category) throw badRequest('category: account, billing, technical or other', 'category');
  if (isTicket && !actor) throw unauthorized('Please sign in to open a support ticket');
  if (input.merchantId && !managesSalon(actor, input.merchantId)) throw forbidden('merchantId: you can only write for your own salon');
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('support_messages')
      .values({
        account_id: actor?.id ?? null,
        merchant_id: input.merchantId ?? null,
        kind: isTicket ? 'ticket' : 'contact',
        type: input.type,
        name: input.name,
        email: input.email,
        subject: input.subject,
        message: input.message,
        category: input.category ?? null,
        priority: isTicket ? (input.priority ?? DEFAULT_TICKET_PRIORITY) : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const ref = row.id.slice(0, 8).toUpperCase();
    await queueMessage(trx, {
      channel: 'email',
      to: input.email,
      accountId: actor?.id ?? null,
      subject: `We received your message: ${input.subject} [#${ref}]`,
      body: [
        `Hi ${input.name},`,
        '',
        `Thanks for writing to GlowBook. Your ${isTicket ? 'ticket' : 'message'} #${ref} is with our support team; we answer within one working day (9 AM to 9 PM).`,
        '',
        `"${input.message.slice(0, 500)}"`,
        '',
        'GlowBook Support',
      ].join('\n'),
      meta: { purpose: 'support_ack', supportMessageId: row.id },
    });
    return { success: true as const, message: `Thanks! Your ${isTicket ? 'ticket' : 'message'} #${ref} has been received.`, data: toWire(row) };
  });
}

/** The caller's own messages and tickets, with replies. */
export async function getSupportMessages(deps: AppDeps, actor: Actor) {
  const rows = await deps.db.selectFrom('support_messages').selectAll().where('account_id', '=', actor.id).orderBy('created_at', 'desc').limit(100).execute();
  return { data: rows.map(toWire) };
}
