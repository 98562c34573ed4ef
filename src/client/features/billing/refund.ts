import type { CreditNoteWire } from '../../../shared/schemas/billing';

/** What became of a credit note's refund, as the server knows it (never "refunded" before the gateway said so). */
export function refundText(refund: CreditNoteWire['refund']): string {
  switch (refund.status) {
    case 'queued':
      return 'Refund queued';
    case 'refunded':
      return `Refunded${refund.reference ? ` (${refund.reference})` : ''}`;
    case 'failed':
      return `Refund failed${refund.error ? `: ${refund.error}` : ''}`;
    default:
      return 'Refunded outside GlowBook';
  }
}
