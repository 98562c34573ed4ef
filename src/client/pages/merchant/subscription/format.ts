import type { z } from 'zod';
import { formatINR } from '../../../../shared/money';
import { PLANS } from '../../../../shared/plans';
import type { subscriptionAnswer } from '../../../../shared/schemas/billing';
import type { BadgeTone } from '../../../components/ui/Badge';
import { longDate } from '../../../lib/dates';
import { downloadSigned, pdfName } from '../../../lib/download';

/** The product's one rupee format (shared/money.ts): paise only when there are some. */
export const rupees = (n: number) => formatINR(n);
export const STATUS_TONE: Record<string, BadgeTone> = { paid: 'success', pending: 'warning', failed: 'danger' };
export const PLAN_STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  expired: { label: 'Expired', tone: 'danger' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
};
export const fmtDay = (d: string) => longDate(d);
export const planName = (id: string) => PLANS.find((p) => p.id === id)?.name ?? id;

export type SubscriptionData = z.infer<typeof subscriptionAnswer>['data'];
export type Quote = SubscriptionData['quotes'][number];

/** Fetches a tax document's PDF with the session's token and saves it. */
export function downloadDocument(kind: 'invoices' | 'credit-notes', id: string, number: string) {
  return downloadSigned(
    `/api/${kind}/${id}/pdf`,
    pdfName(number),
    kind === 'invoices' ? 'Could not download the invoice.' : 'Could not download the credit note.',
  );
}
