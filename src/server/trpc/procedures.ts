import { TRPCError } from '@trpc/server';
import type { Role } from '../db/types.js';
import { baseProcedure, t } from './init.js';

export const publicProcedure = baseProcedure;

const requireActor = t.middleware(({ ctx, next }) => {
  if (!ctx.actor) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: ctx.authError ?? 'Please sign in to continue' });
  }
  return next({ ctx: { ...ctx, actor: ctx.actor } });
});

const requireRole = (allowed: Role[], message: string) =>
  t.middleware(({ ctx, next }) => {
    if (!ctx.actor || !allowed.includes(ctx.actor.role)) throw new TRPCError({ code: 'FORBIDDEN', message });
    return next();
  });

/**
 * The one ownership check: a `userId` (customer calls) or `merchantId` (merchant calls) in the
 * payload must be the caller's own; admins may act for anyone.
 */
const ownPayloadField = (field: 'userId' | 'merchantId') =>
  t.middleware(async ({ ctx, next, getRawInput }) => {
    const actor = ctx.actor!;
    if (actor.role !== 'admin') {
      const raw = await getRawInput().catch(() => undefined);
      const value = raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[field] : undefined;
      if (value !== undefined && value !== null && value !== '' && value !== actor.id) {
        throw new TRPCError({ code: 'FORBIDDEN', message: `${field}: you can only act on your own account` });
      }
    }
    return next();
  });

/** Any signed-in account. */
export const authedProcedure = baseProcedure.use(requireActor);
export const customerProcedure = authedProcedure
  .use(requireRole(['customer', 'admin'], 'This action is for customers'))
  .use(ownPayloadField('userId'));
export const merchantProcedure = authedProcedure
  .use(requireRole(['merchant', 'admin'], 'This action is for salon owners'))
  .use(ownPayloadField('merchantId'));
export const adminProcedure = authedProcedure.meta({ adminOnly: true }).use(requireRole(['admin'], 'This action is for administrators'));
