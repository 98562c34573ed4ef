import { getQueryKey } from '@trpc/react-query';
import { useState } from 'react';
import { offerAmount, offerConditions } from '../../../shared/offers';
import type { CouponWire } from '../../../shared/schemas/coupons';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { EmptyState, LoadError } from '../../components/ui/EmptyState';
import { LoadMore } from '../../components/ui/LoadMore';
import { PageSpinner } from '../../components/ui/Spinner';
import { useMerchantId } from '../../features/shop/api';
import { CouponFormModal } from '../../features/shop/CouponFormModal';
import { COUPON_STATUS } from '../../features/shop/couponStatus';
import { formatINR } from '../../features/shop/format';
import { longDate } from '../../lib/dates';
import { usePagedList } from '../../lib/usePagedList';
import { usePageTitle } from '../../lib/usePageTitle';
import { answerMessage } from '../../mutationMeta';
import { errorMessage, trpc } from '../../trpc';

function validityText(c: CouponWire): string {
  if (c.validFrom && c.validUntil) return `${longDate(c.validFrom)} – ${longDate(c.validUntil)}`;
  if (c.validUntil) return `Until ${longDate(c.validUntil)}`;
  if (c.validFrom) return `From ${longDate(c.validFrom)}`;
  return 'No end date';
}

const COUPONS_PAGE = 50;

export default function Coupons() {
  usePageTitle('Coupons & Offers');
  const merchantId = useMerchantId();
  const client = trpc.useUtils().client;
  const input = { merchantId: merchantId ?? undefined, limit: COUPONS_PAGE };
  const list = usePagedList({
    queryKey: getQueryKey(trpc.Coupons.getAllCoupons, input, 'infinite'),
    fetchPage: (page) => client.Coupons.getAllCoupons.query({ ...input, page }),
    pagingOf: (a) => a.paging,
    itemsOf: (a) => a.coupons,
    idOf: (c) => c._id,
  });
  const couponsQuery = list.query;
  const remove = trpc.Coupons.deleteCoupon.useMutation({
    meta: { successToast: answerMessage, errorToast: 'Failed to delete coupon. Please try again.', invalidates: ['Coupons.getAllCoupons'] },
  });
  const [form, setForm] = useState<{ open: boolean; editing: CouponWire | null }>({ open: false, editing: null });
  const [toDelete, setToDelete] = useState<CouponWire | null>(null);

  const onDelete = () => {
    if (toDelete) remove.mutate({ merchantId: merchantId ?? undefined, couponId: toDelete._id }, { onSettled: () => setToDelete(null) });
  };

  const coupons = list.items;

  return (
    <PageContainer>
      <PageHeader
        title="Coupons & Offers"
        description="Discount codes your customers can apply when they book."
        actions={
          <Button onClick={() => setForm({ open: true, editing: null })} data-testid="add-coupon">
            Create Coupon
          </Button>
        }
      />
      {couponsQuery.isLoading ? (
        <PageSpinner label="Loading coupons" />
      ) : couponsQuery.isError ? (
        <LoadError
          title="Could not load coupons"
          description={errorMessage(couponsQuery.error, 'Failed to load coupons. Please try again later.')}
          onRetry={couponsQuery.refetch}
        />
      ) : coupons.length === 0 ? (
        <EmptyState title="No coupons yet" description="Create a code to reward loyal customers or fill quiet hours." />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" data-testid="coupon-list">
          {coupons.map((c) => (
            <li key={c._id}>
              <Card className="flex h-full flex-col gap-3" data-testid="coupon-item">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-mono text-lg font-bold tracking-wider text-plum-800">{c.code}</p>
                    <p className="text-sm font-medium text-ink-900">{offerAmount(c)}</p>
                    {offerConditions(c).length > 0 && <p className="text-xs text-ink-500">{offerConditions(c).join(' · ')}</p>}
                  </div>
                  <Badge tone={COUPON_STATUS[c.status].tone} data-testid="coupon-status">
                    {COUPON_STATUS[c.status].label}
                  </Badge>
                </div>
                {c.description && <p className="text-sm text-ink-600">{c.description}</p>}
                <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs text-ink-500">
                  <dt>Minimum amount</dt>
                  <dd className="text-right text-ink-700">{formatINR(c.minAmount)}</dd>
                  <dt>Valid</dt>
                  <dd className="text-right text-ink-700">{validityText(c)}</dd>
                  <dt>Used</dt>
                  <dd className="text-right text-ink-700">
                    {c.usedCount}
                    {c.usageLimit !== null ? ` / ${c.usageLimit}` : ''}
                  </dd>
                </dl>
                {c.merchantId === null ? (
                  <p className="mt-auto text-xs text-ink-500">Platform coupon, valid at every salon.</p>
                ) : (
                  <div className="mt-auto flex justify-end gap-1">
                    <Button variant="ghost" size="sm" onClick={() => setForm({ open: true, editing: c })} aria-label={`Edit ${c.code}`}>
                      Edit
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-red-600 hover:bg-red-50"
                      onClick={() => setToDelete(c)}
                      aria-label={`Delete ${c.code}`}
                    >
                      Delete
                    </Button>
                  </div>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        paging={list.paging}
        shown={coupons.length}
        noun="coupons"
        hasMore={list.hasMore}
        loading={list.loadingMore}
        onLoadMore={list.loadMore}
        testId="coupons-paging"
      />
      {form.open && (
        <CouponFormModal
          editing={form.editing}
          owner={{ kind: 'salon', merchantId }}
          onClose={() => setForm({ open: false, editing: null })}
        />
      )}
      <ConfirmDialog
        open={Boolean(toDelete)}
        title="Delete coupon"
        message={toDelete ? `Are you sure you want to delete the coupon "${toDelete.code}"? This action cannot be undone.` : ''}
        busy={remove.isPending}
        onConfirm={onDelete}
        onClose={() => setToDelete(null)}
      />
    </PageContainer>
  );
}
