import { JOB_KINDS, type JobKind } from '../../shared/jobKinds.js';
import { invoiceRefundJob } from '../services/billing/cancellation.js';
import { paymentReconcileJob, subscriptionRenewJob } from '../services/billing/index.js';
import { autoCompleteJob } from '../services/bookings/autoComplete.js';
import { blockTopUpJob, deskMoveMessageJob } from '../services/calendar/index.js';
import { campaignSendJob } from '../services/crm/marketing.js';
import { searchMaintenanceJob } from '../services/discovery/maintenance.js';
import { holdingExpirySweepJob } from '../services/packages/holdings.js';
import { holdSweepJob } from '../services/payments/holds.js';
import { bookingRefundJob } from '../services/payments/refunds.js';
import { rebookReminderSweepJob } from '../services/rebooking/index.js';
import { waitlistMatchJob, waitlistOfferMessagesJob } from '../services/waitlist/match.js';
import { bookingEventEmailJob, bookingEventMessagesJob } from './handlers/bookingEmails.js';
import { deliverMessageJob } from './handlers/messaging.js';
import { pushFanoutJob } from './handlers/push.js';
import { bookingReminderJob } from './handlers/reminders.js';
import { JOB_PAYLOADS } from './kinds.js';
import type { HandlerOptions, JobDefinition, JobHandler } from './queue.js';

/**
 * Every job kind's handler, in one place: the type requires one for each kind of JOB_KINDS (a kind
 * added without a handler does not compile), and each handler's payload type is its kind's schema's.
 */
const JOB_HANDLERS: { [K in JobKind]: JobDefinition<K> } = {
  deliver_message: deliverMessageJob,
  booking_reminder: bookingReminderJob,
  push_broadcast_fanout: pushFanoutJob,
  campaign_send: campaignSendJob,
  booking_event_messages: bookingEventMessagesJob,
  booking_event_email: bookingEventEmailJob,
  subscription_renew: subscriptionRenewJob,
  payment_reconcile: paymentReconcileJob,
  search_maintenance: searchMaintenanceJob,
  calendar_block_top_up: blockTopUpJob,
  desk_move_message: deskMoveMessageJob,
  booking_auto_complete: autoCompleteJob,
  invoice_refund: invoiceRefundJob,
  waitlist_match: waitlistMatchJob,
  waitlist_offer_messages: waitlistOfferMessagesJob,
  booking_hold_sweep: holdSweepJob,
  booking_refund: bookingRefundJob,
  rebook_reminder_sweep: rebookReminderSweepJob,
  holding_expiry_sweep: holdingExpirySweepJob,
};

/** A job whose payload its kind's schema refuses: retrying cannot help. */
class BadPayloadError extends Error {
  readonly permanent = true;
}

type AnyDefinition = { kind: string; run: JobHandler; opts: HandlerOptions };

/** The handler with its payload checked first (JOB_PAYLOADS): a bad one fails the job for good, naming the field. */
function checked(kind: JobKind): AnyDefinition {
  const def = JOB_HANDLERS[kind] as unknown as AnyDefinition;
  const schema = JOB_PAYLOADS[kind];
  const parse = (payload: unknown) => {
    const r = schema.safeParse(payload);
    if (r.success) return r.data as Record<string, unknown>;
    const issue = r.error.issues[0];
    throw new BadPayloadError(`payload.${issue.path.join('.') || '(root)'}: ${issue.message} (job kind ${kind})`);
  };
  const runBatch = def.opts.runBatch;
  return {
    kind,
    run: (trx, payload, ctx) => def.run(trx, parse(payload), ctx),
    opts: {
      ...def.opts,
      runBatch:
        runBatch &&
        ((trx, jobs) =>
          runBatch(
            trx,
            jobs.map((j) => ({ ...j, payload: parse(j.payload) })),
          )),
    },
  };
}

const registry = new Map<string, AnyDefinition>(JOB_KINDS.map((kind) => [kind, checked(kind)]));

/** The handler of a kind (undefined for an unknown kind: the job fails, naming it). */
export function jobHandler(kind: string): AnyDefinition | undefined {
  return registry.get(kind);
}

/** The kinds whose jobs run alone (HandlerOptions.alone). */
export function aloneJobKinds(): string[] {
  return [...registry].filter(([, h]) => h.opts.alone).map(([kind]) => kind);
}

export function registeredJobKinds(): string[] {
  return [...registry.keys()];
}

/** Tests only: a handler for a kind of their own (`test_…`), never for one of JOB_KINDS. */
export function registerTestJobHandler(kind: `test_${string}`, run: JobHandler<any>, opts: HandlerOptions<any> = {}): void {
  registry.set(kind, { kind, run, opts });
}
