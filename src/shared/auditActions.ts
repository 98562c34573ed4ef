/**
 * Every action an admin change records in the audit log (server/db/repositories/audit.ts
 * recordAudit takes only these, or `api.<procedure>` for the REST calls audited by
 * trpc/procedures.ts), and what the Audit log screen calls each: a new action without a label fails
 * typecheck.
 */
export const AUDIT_ACTIONS = [
  'user.block',
  'user.unblock',
  'user.promote',
  'email.template.update',
  'system.retry_job',
  'notifications.broadcast',
  'notifications.push_broadcast',
  'settings.location.add',
  'settings.location.remove',
  'salon.approve',
  'salon.reject',
  'salon.unpublish',
  'salon.sponsor',
  'salon.unsponsor',
  'feedback.reply',
  'feedback.close',
  'blogs.create',
  'blogs.update',
  'blogs.delete',
  'billing.change_plan',
  'billing.upgrade_plan',
  'billing.schedule_change',
  'billing.cancel_scheduled_change',
  'billing.cancel_invoice',
  'billing.update_gstin',
  'commission.payment',
  'settlement.payout',
  'billing.payment_method',
  'clients.export',
  'clients.erase',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** An action recordAudit accepts: a listed one, or an audited API call. */
export type RecordedAuditAction = AuditAction | `api.${string}`;

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'user.block': 'Blocked a user',
  'user.unblock': 'Unblocked a user',
  'user.promote': 'Made a user an admin',
  'email.template.update': 'Edited an e-mail template',
  'system.retry_job': 'Retried a failed job',
  'notifications.broadcast': 'Sent an in-app broadcast',
  'notifications.push_broadcast': 'Sent a push broadcast',
  'settings.location.add': 'Featured a location',
  'settings.location.remove': 'Removed a featured location',
  'salon.approve': 'Approved a salon',
  'salon.reject': 'Rejected a salon',
  'salon.unpublish': 'Unpublished a salon',
  'salon.sponsor': 'Sponsored a salon',
  'salon.unsponsor': 'Ended a salon’s sponsorship',
  'feedback.reply': 'Replied to feedback',
  'feedback.close': 'Closed feedback',
  'blogs.create': 'Wrote a blog post',
  'blogs.update': 'Edited a blog post',
  'blogs.delete': 'Deleted a blog post',
  'billing.change_plan': 'Changed a salon’s plan',
  'billing.upgrade_plan': 'Upgraded a salon’s plan',
  'billing.schedule_change': 'Scheduled a plan change',
  'billing.cancel_scheduled_change': 'Cancelled a scheduled plan change',
  'billing.cancel_invoice': 'Cancelled an invoice',
  'billing.update_gstin': 'Updated a salon’s GSTIN',
  'commission.payment': 'Recorded a commission payment',
  'settlement.payout': 'Recorded a payout to a salon',
  'billing.payment_method': 'Changed a salon’s payment method',
  'clients.export': 'Exported a person’s client records (DPDP)',
  'clients.erase': 'Erased a person’s client records (DPDP)',
};

/** The readable name of a recorded action; an unknown or API action keeps its raw name in the text. */
export function auditActionLabel(action: string): string {
  const label = (AUDIT_ACTION_LABELS as Record<string, string | undefined>)[action];
  if (label) return label;
  if (action.startsWith('api.')) return `API call ${action.slice(4)}`;
  return action;
}
