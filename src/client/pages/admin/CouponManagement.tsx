import { getQueryKey } from '@trpc/react-query';
import { useState } from 'react';
import { offerAmount, offerConditions } from '../../../shared/offers';
import type { CouponWire } from '../../../shared/schemas/coupons';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { LoadMore } from '../../components/ui/LoadMore';
import { AdminPage } from '../../features/admin/AdminPage';
import { QueryState, TableCard, Td, Th } from '../../features/admin/DataTable';
import { formatDay, formatINR } from '../../features/admin/format';
import { CouponFormModal } from '../../features/shop/CouponFormModal';
import { COUPON_STATUS } from '../../features/shop/couponStatus';
import { usePagedList } from '../../lib/usePagedList';
import { answerMessage } from '../../mutationMeta';
import { trpc } from '../../trpc';

function validity(c: CouponWire): string {
  if (c.validFrom && c.validUntil) return `${formatDay(c.validFrom)} – ${formatDay(c.validUntil)}`;
  if (c.validUntil) return `Until ${formatDay(c.validUntil)}`;
  if (c.validFrom) return `From ${formatDay(c.validFrom)}`;
  return 'No end date';
}

const COUPONS_PAGE = 50;

/** Platform coupons: codes the platform funds, valid at every salon. An admin call without merchantId manages them. */
export default function CouponManagement() {
  const client = trpc.useUtils().client;
  const paged = usePagedList({
    queryKey: getQueryKey(trpc.Coupons.getAllCoupons, { limit: COUPONS_PAGE }, 'infinite'),
    fetchPage: (page) => client.Coupons.getAllCoupons.query({ page, limit: COUPONS_PAGE }),
    pagingOf: (a) => a.paging,
    itemsOf: (a) => a.coupons,
    idOf: (c) => c._id,
  });
  const coupons = paged.query;
  const remove = trpc.Coupons.deleteCoupon.useMutation({
    meta: { successToast: answerMessage, errorToast: 'Could not delete the coupon.', invalidates: ['Coupons.getAllCoupons'] },
  });
  const [form, setForm] = useState<{ open: boolean; editing: CouponWire | null }>({ open: false, editing: null });
  const [toDelete, setToDelete] = useState<CouponWire | null>(null);
  const list = paged.items;

  const onDelete = () => {
    if (toDelete) remove.mutate({ couponId: toDelete._id }, { onSettled: () => setToDelete(null) });
  };

  return (
    <AdminPage
      title="Platform Coupons"
      description="Discount codes valid at every salon. Salons' own codes are managed in their merchant panel."
      actions={
        <Button onClick={() => setForm({ open: true, editing: null })} data-testid="add-coupon">
          Create coupon
        </Button>
      }
    >
      <QueryState
        query={coupons}
        isEmpty={list.length === 0}
        emptyTitle="No platform coupons"
        emptyDescription="Create a code every customer can use at any salon."
      >
        <TableCard testId="coupons-table" caption="Platform coupons" minWidth={820}>
          <thead>
            <tr>
              <Th>Code</Th>
              <Th>Discount</Th>
              <Th className="text-right">Min. booking</Th>
              <Th>Valid</Th>
              <Th className="text-right">Used</Th>
              <Th>Status</Th>
              <Th className="text-right">Actions</Th>
            </tr>
          </thead>
          <tbody>
            {list.map((c) => (
              <tr key={c._id} data-testid="coupon-row">
                <Td>
                  <p className="font-mono font-bold tracking-wider text-plum-800">{c.code}</p>
                  {c.description && <p className="max-w-56 text-xs text-ink-500">{c.description}</p>}
                </Td>
                <Td>
                  <p className="whitespace-nowrap">{offerAmount(c)}</p>
                  {offerConditions(c).length > 0 && <p className="text-xs text-ink-500">{offerConditions(c).join(' · ')}</p>}
                </Td>
                <Td className="text-right whitespace-nowrap">{formatINR(c.minAmount)}</Td>
                <Td className="whitespace-nowrap">{validity(c)}</Td>
                <Td className="text-right">
                  {c.usedCount}
                  {c.usageLimit !== null ? ` / ${c.usageLimit}` : ''}
                </Td>
                <Td>
                  <Badge tone={COUPON_STATUS[c.status].tone}>{COUPON_STATUS[c.status].label}</Badge>
                </Td>
                <Td>
                  <div className="flex justify-end gap-1">
                    <Button size="sm" variant="ghost" onClick={() => setForm({ open: true, editing: c })} aria-label={`Edit ${c.code}`}>
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-red-600 hover:bg-red-50"
                      onClick={() => setToDelete(c)}
                      aria-label={`Delete ${c.code}`}
                    >
                      Delete
                    </Button>
                  </div>
                </Td>
              </tr>
            ))}
          </tbody>
        </TableCard>
        <LoadMore
          paging={paged.paging}
          shown={list.length}
          noun="coupons"
          hasMore={paged.hasMore}
          loading={paged.loadingMore}
          onLoadMore={paged.loadMore}
          testId="coupons-paging"
        />
      </QueryState>
      {form.open && (
        <CouponFormModal editing={form.editing} owner={{ kind: 'platform' }} onClose={() => setForm({ open: false, editing: null })} />
      )}
      <ConfirmDialog
        open={Boolean(toDelete)}
        title="Delete coupon?"
        message={toDelete && <p>Customers can no longer apply “{toDelete.code}”.</p>}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => void onDelete()}
        onClose={() => setToDelete(null)}
      />
    </AdminPage>
  );
}
