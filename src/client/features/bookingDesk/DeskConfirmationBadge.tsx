import { Badge } from '../../components/ui/Badge';

const LABELS = {
  pending: { tone: 'warning', text: 'Awaiting customer' },
  accepted: { tone: 'success', text: 'Confirmed by customer' },
  declined: { tone: 'danger', text: 'Declined by customer' },
} as const;

/**
 * Where a desk booking stands with the person it names: it is the salon's own record until they
 * confirm it from the e-mailed link or in the app. Nothing for a customer's own booking.
 */
export function DeskConfirmationBadge({ state, className }: { state: keyof typeof LABELS | null; className?: string }) {
  if (!state) return null;
  const l = LABELS[state];
  return (
    <Badge
      tone={l.tone}
      className={className}
      data-testid="desk-confirmation"
      data-state={state}
      title="A booking made at the desk: the person confirms or declines it from the e-mail sent to them."
    >
      {l.text}
    </Badge>
  );
}
