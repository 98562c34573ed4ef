import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { createContactUsInput } from '../../../shared/schemas/content.js';
import { pagingOf } from '../../../shared/schemas/paging.js';
import { type RateLimit, takeRateLimits } from '../../db/repositories/limits.js';
import { insertSupportMessage, listSupportMessagesOf } from '../../db/repositories/support.js';
import type { SupportMessagesTable } from '../../db/types.js';
import type { Actor, AppDeps } from '../../deps.js';
import { badRequest, forbidden, unauthorized } from '../../errors.js';
import { queueMessage } from '../../messaging/index.js';
import { clientNet } from '../auth/clientNet.js';
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
/*
 * Contact messages and tickets, counted across processes (repositories/limits.ts): per sender (the
 * IP, or the signed-in account) and per address the acknowledgement goes to, so the form can
 * neither flood support nor be used to mail a stranger again and again.
 */
export const CONTACT_LIMITS = { perSenderHour: 5, perAddressDay: 3 } as const;
const CONTACT_BUSY = 'You have sent several messages already. Please wait a while; we answer every one.';

function contactLimits(actor: Actor | null, email: string, ip: string): RateLimit[] {
  return [
    {
      scope: 'contact:sender',
      key: actor ? `account:${actor.id}` : `ip:${clientNet(ip)}`,
      max: CONTACT_LIMITS.perSenderHour,
      windowSeconds: 3600,
      message: CONTACT_BUSY,
    },
    { scope: 'contact:address', key: email.toLowerCase(), max: CONTACT_LIMITS.perAddressDay, windowSeconds: 86_400, message: CONTACT_BUSY },
  ];
}

export async function createContactUs(deps: AppDeps, actor: Actor | null, input: z.output<typeof createContactUsInput>, ip: string) {
  const isTicket = Boolean(input.category || input.priority);
  if (isTicket && !input.category) throw badRequest('category: account, billing, technical or other', 'category');
  if (isTicket && !actor) throw unauthorized('Please sign in to open a support ticket');
  if (input.merchantId && !managesSalon(actor, input.merchantId)) throw forbidden('merchantId: you can only write for your own salon');
  return deps.db.transaction().execute(async (trx) => {
    await takeRateLimits(trx, contactLimits(actor, input.email, ip));
    const row = await insertSupportMessage(trx, {
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
    });
    const ref = row.id.slice(0, 8).toUpperCase();
    await queueMessage(trx, {
      channel: 'email',
      to: input.email,
      accountId: actor?.id ?? null,
      // Only our own words and the number: the form is open to anyone, and an acknowledgement that
      // quoted the sender's name, subject or text would relay a stranger's words (links, phishing)
      // from the platform's address to whatever address they typed.
      subject: `We received your ${isTicket ? 'ticket' : 'message'} #${ref}`,
      body: [
        'Hello,',
        '',
        `Thanks for writing to GlowBook. Your ${isTicket ? 'ticket' : 'message'} #${ref} is with our support team; we answer within one working day (9 AM to 9 PM).`,
        '',
        'If you did not write to us, ignore this e-mail.',
        '',
        'GlowBook Support',
      ].join('\n'),
      meta: { purpose: 'support_ack', supportMessageId: row.id },
    });
    return {
      success: true as const,
      message: `Thanks! Your ${isTicket ? 'ticket' : 'message'} #${ref} has been received.`,
      data: toWire(row),
    };
  });
}

/** The caller's own messages and tickets, with replies. */
export async function getSupportMessages(deps: AppDeps, actor: Actor, page: { page: number; limit: number }) {
  const { rows, total } = await listSupportMessagesOf(deps.db, actor.id, { limit: page.limit, offset: (page.page - 1) * page.limit });
  return { data: rows.map(toWire), paging: pagingOf(page.page, page.limit, total) };
}
