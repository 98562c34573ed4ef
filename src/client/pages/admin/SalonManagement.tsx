import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearch } from 'wouter';
import type { AdminSalonWire, PUBLISH_STATUSES } from '../../../shared/schemas/admin';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Input } from '../../components/ui/Input';
import { Select } from '../../components/ui/Select';
import { Tabs } from '../../components/ui/Tabs';
import { AdminPage } from '../../features/admin/AdminPage';
import { Pagination, QueryState, TableCard, Td, Th } from '../../features/admin/DataTable';
import { ReasonDialog } from '../../features/admin/Dialogs';
import { countOf, formatCount, formatDateTime } from '../../features/admin/format';
import { type RowAction, RowActionsMenu } from '../../features/admin/RowActionsMenu';
import { SalonReviewModal } from '../../features/admin/SalonReviewModal';
import { SALON_QUERIES, SponsorModal } from '../../features/admin/SponsorModal';
import { useDebounced } from '../../features/admin/useDebounced';
import { cn } from '../../lib/cn';
import { trpc } from '../../trpc';

type PublishStatus = (typeof PUBLISH_STATUSES)[number];
type Tab = 'all' | PublishStatus;

const STATUS: Record<PublishStatus, { label: string; tone: BadgeTone }> = {
  draft: { label: 'Draft', tone: 'neutral' },
  pending: { label: 'Pending review', tone: 'warning' },
  approved: { label: 'Published', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
  unpublished: { label: 'Unpublished', tone: 'neutral' },
};

const TABS: { id: Tab; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'pending', label: 'Pending' },
  { id: 'approved', label: 'Published' },
  { id: 'draft', label: 'Draft' },
  { id: 'rejected', label: 'Rejected' },
  { id: 'unpublished', label: 'Unpublished' },
];

const LIMIT = 20;

/** What the salon decisions answer: the salon as it is now. */
type SalonAnswer = { salon: { shop_Name: string } };

type Decision = { kind: 'reject' | 'unpublish'; salon: AdminSalonWire } | null;

/** What unpublishing does to the bookings the salon already holds: nothing; they stay booked. */
function upcomingBookingsText(n: number): string {
  if (n === 0) return 'It has no upcoming bookings, so no customer is affected.';
  const them = n === 1 ? 'it' : 'them';
  return `It has ${countOf(n, 'upcoming booking')}. ${n === 1 ? 'It stays' : 'They stay'} booked: the customer${n === 1 ? '' : 's'} can still cancel ${them}, and the salon still serves ${them}. No new bookings can be made online until it is published again.`;
}

export default function SalonManagement() {
  const initial = new URLSearchParams(useSearch()).get('status');
  const [tab, setTab] = useState<Tab>(TABS.some((t) => t.id === initial) ? (initial as Tab) : 'all');
  const [search, setSearch] = useState('');
  const [sponsored, setSponsored] = useState('');
  const [page, setPage] = useState(1);
  const [reviewing, setReviewing] = useState<AdminSalonWire | null>(null);
  const [decision, setDecision] = useState<Decision>(null);
  const [sponsoring, setSponsoring] = useState<AdminSalonWire | null>(null);
  const [unsponsoring, setUnsponsoring] = useState<AdminSalonWire | null>(null);
  const term = useDebounced(search.trim());

  const salons = trpc.admin.listSalons.useQuery(
    {
      publishStatus: tab === 'all' ? undefined : tab,
      search: term || undefined,
      sponsored: (sponsored || undefined) as 'true' | 'false' | undefined,
      page,
      limit: LIMIT,
    },
    { placeholderData: keepPreviousData },
  );
  const pendingCount = trpc.admin.listSalons.useQuery({ publishStatus: 'pending', limit: 1 });
  const approve = trpc.admin.approveSalon.useMutation({
    meta: {
      invalidates: SALON_QUERIES,
      successToast: ({ salon }: SalonAnswer) => `${salon.shop_Name} is published.`,
      errorToast: 'Could not approve this salon.',
    },
    onSuccess: () => setReviewing(null),
  });
  /** A decision taken: its dialog and the review close. */
  const decided = () => {
    setDecision(null);
    setReviewing(null);
  };
  const reject = trpc.admin.rejectSalon.useMutation({
    meta: {
      invalidates: SALON_QUERIES,
      successToast: ({ salon }: SalonAnswer) => `The publish request of ${salon.shop_Name} is rejected.`,
    },
    onSuccess: decided,
  });
  const unpublish = trpc.admin.unpublishSalon.useMutation({
    meta: { invalidates: SALON_QUERIES, successToast: ({ salon }: SalonAnswer) => `${salon.shop_Name} is no longer listed.` },
    onSuccess: decided,
  });
  const unsponsor = trpc.admin.sponsorSalon.useMutation({
    meta: {
      invalidates: SALON_QUERIES,
      successToast: ({ salon }: SalonAnswer) => `${salon.shop_Name} is no longer sponsored.`,
      errorToast: 'Could not remove the sponsorship.',
    },
    onSettled: () => setUnsponsoring(null),
  });

  const onDecide = (reason: string, failed: (error: unknown) => void) => {
    if (!decision) return;
    const { kind, salon } = decision;
    (kind === 'reject' ? reject : unpublish).mutate({ merchantId: salon._id, reason }, { onError: failed });
  };

  /** Everything but Review goes in the row's More menu, so the table fits a laptop screen. */
  const moreActions = (s: AdminSalonWire): RowAction[] => [
    ...(s.isPublished
      ? [
          s.isSponsored
            ? { label: 'Edit promotion', onSelect: () => setSponsoring(s), testId: 'sponsor-salon' }
            : { label: 'Sponsor', onSelect: () => setSponsoring(s), testId: 'sponsor-salon' },
          ...(s.isSponsored ? [{ label: 'Remove sponsorship', onSelect: () => setUnsponsoring(s), testId: 'unsponsor-salon' }] : []),
          { label: 'Open salon page', href: `/salon/${s._id}`, testId: 'view-salon' },
        ]
      : []),
    { label: 'Bookings', href: `/admin/bookings?merchantId=${s._id}`, testId: 'salon-bookings' },
    ...(s.isPublished
      ? [
          {
            label: 'Unpublish',
            tone: 'danger' as const,
            onSelect: () => setDecision({ kind: 'unpublish', salon: s }),
            testId: 'unpublish-salon',
          },
        ]
      : []),
  ];

  const list = salons.data?.salons ?? [];
  const waiting = pendingCount.data?.total ?? 0;

  return (
    <AdminPage
      title="Salon Management"
      description="Review publish requests against the 14 profile checks, unpublish salons and run sponsored placements."
    >
      <Tabs
        idPrefix="salons"
        label="Publish status"
        variant="underline"
        items={TABS.map((t) => (t.id === 'pending' ? { ...t, count: waiting } : t))}
        value={tab}
        onChange={(id) => {
          setTab(id);
          setPage(1);
        }}
      />
      <div className="grid gap-3 sm:grid-cols-[1fr_14rem]">
        <Input
          label="Search"
          type="search"
          placeholder="Salon, owner, e-mail or city"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
        <Select
          label="Sponsored"
          value={sponsored}
          placeholder="Any"
          options={[
            { value: 'true', label: 'Sponsored only' },
            { value: 'false', label: 'Not sponsored' },
          ]}
          onChange={(e) => {
            setSponsored(e.target.value);
            setPage(1);
          }}
        />
      </div>

      <QueryState
        query={salons}
        isEmpty={list.length === 0}
        emptyTitle={tab === 'pending' ? 'No publish requests waiting' : 'No salons match'}
        emptyDescription={
          tab === 'pending'
            ? 'When a merchant completes their profile and asks to be published, the request shows here.'
            : 'Try another search or tab.'
        }
      >
        <TableCard testId="salons-table" caption="Salons" minWidth={900}>
          <thead>
            <tr>
              <Th>Salon</Th>
              <Th>City</Th>
              <Th>Status</Th>
              <Th>Profile</Th>
              <Th className="text-right">Rating</Th>
              <Th className="text-right">Bookings</Th>
              <Th className="text-right">Actions</Th>
            </tr>
          </thead>
          <tbody>
            {list.map((s) => (
              <tr key={s._id} data-testid="salon-row" data-name={s.shop_Name}>
                <Td className="min-w-56">
                  <p className="font-medium text-ink-900">{s.shop_Name}</p>
                  <p className="text-xs text-ink-500">
                    {s.shop_Owner} · {s.email}
                  </p>
                  {s.isSponsored && (
                    <p className="mt-1 text-xs text-gold-700">
                      <Badge tone="accent">Sponsored</Badge> {s.promotionMessage}
                    </p>
                  )}
                  {s.ownerBlocked && (
                    <Badge tone="danger" className="mt-1">
                      Owner blocked
                    </Badge>
                  )}
                </Td>
                <Td className="whitespace-nowrap">{s.City}</Td>
                <Td>
                  <Badge tone={STATUS[s.publishStatus].tone} data-testid="salon-status">
                    {STATUS[s.publishStatus].label}
                  </Badge>
                  {s.publishStatus === 'pending' && s.publishRequestedAt && (
                    <p className="mt-1 text-xs whitespace-nowrap text-ink-500">{formatDateTime(s.publishRequestedAt)}</p>
                  )}
                  {s.publishNote && s.publishStatus !== 'approved' && (
                    <p className="mt-1 max-w-48 text-xs text-ink-500">“{s.publishNote}”</p>
                  )}
                </Td>
                <Td>
                  <div className="flex items-center gap-2">
                    <div className="h-1.5 w-16 overflow-hidden rounded-full bg-blush-100" aria-hidden="true">
                      <div
                        className={cn('h-full rounded-full', s.completionPercent >= 100 ? 'bg-emerald-500' : 'bg-amber-400')}
                        style={{ width: `${s.completionPercent}%` }}
                      />
                    </div>
                    <span className="text-xs text-ink-600">{s.completionPercent}%</span>
                  </div>
                </Td>
                <Td className="text-right whitespace-nowrap">
                  {s.reviewCount > 0 ? `${s.rating.toFixed(1)} (${formatCount(s.reviewCount)})` : '—'}
                </Td>
                <Td className="text-right">{formatCount(s.bookingCount)}</Td>
                <Td>
                  <div className="flex justify-end gap-1 whitespace-nowrap">
                    <Button
                      size="sm"
                      variant={s.publishStatus === 'pending' ? 'primary' : 'ghost'}
                      onClick={() => setReviewing(s)}
                      data-testid="review-salon"
                    >
                      {s.publishStatus === 'pending' ? 'Review' : 'Checks'}
                    </Button>
                    <RowActionsMenu label={`More actions for ${s.shop_Name}`} actions={moreActions(s)} testId="salon-actions" />
                  </div>
                </Td>
              </tr>
            ))}
          </tbody>
        </TableCard>
        <Pagination page={page} limit={LIMIT} total={salons.data?.total ?? 0} onPage={setPage} />
      </QueryState>

      <SalonReviewModal
        salon={decision ? null : reviewing}
        approving={approve.isPending}
        onApprove={(s) => approve.mutate({ merchantId: s._id })}
        onReject={(s) => setDecision({ kind: 'reject', salon: s })}
        onClose={() => setReviewing(null)}
      />
      <ReasonDialog
        open={Boolean(decision)}
        title={decision?.kind === 'reject' ? 'Reject publish request?' : 'Unpublish this salon?'}
        message={
          decision &&
          (decision.kind === 'reject' ? (
            <p>
              <strong>{decision.salon.shop_Name}</strong> stays hidden from customers. The merchant sees your reason and can ask again after
              fixing it.
            </p>
          ) : (
            <>
              <p>
                <strong>{decision.salon.shop_Name}</strong> disappears from search at once and any sponsorship ends. The merchant sees your
                reason and can ask to be published again.
              </p>
              <p className="mt-2" data-testid="unpublish-upcoming">
                {upcomingBookingsText(decision.salon.upcomingBookingCount)}
              </p>
            </>
          ))
        }
        label={decision?.kind === 'reject' ? 'Reason for rejecting' : 'Reason for unpublishing'}
        confirmLabel={decision?.kind === 'reject' ? 'Reject request' : 'Unpublish salon'}
        busy={reject.isPending || unpublish.isPending}
        failure="Could not save the decision."
        onConfirm={onDecide}
        onClose={() => setDecision(null)}
      />
      {sponsoring && <SponsorModal salon={sponsoring} onClose={() => setSponsoring(null)} />}
      <ConfirmDialog
        open={Boolean(unsponsoring)}
        title="Remove sponsorship?"
        message={
          unsponsoring && (
            <p>
              <strong>{unsponsoring.shop_Name}</strong> leaves the home page's sponsored row and its promotion message is no longer shown.
              The salon stays published.
            </p>
          )
        }
        confirmLabel="Remove sponsorship"
        busy={unsponsor.isPending}
        onConfirm={() => unsponsoring && unsponsor.mutate({ merchantId: unsponsoring._id, sponsored: false })}
        onClose={() => setUnsponsoring(null)}
      />
    </AdminPage>
  );
}
