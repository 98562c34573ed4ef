import { keepPreviousData } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import type { ReviewWire } from '../../../shared/schemas/reviews';
import { SearchIcon } from '../../components/icons';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Avatar } from '../../components/ui/Avatar';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState, LoadError } from '../../components/ui/EmptyState';
import { Input } from '../../components/ui/Input';
import { Select } from '../../components/ui/Select';
import { PageSpinner } from '../../components/ui/Spinner';
import { useMerchantId } from '../../features/shop/api';
import { RespondModal } from '../../features/shop/RespondModal';
import { Stars } from '../../features/shop/Stars';
import { longDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { trpc } from '../../trpc';

export default function Reviews() {
  usePageTitle('Reviews & Feedback');
  const merchantId = useMerchantId();
  const [search, setSearch] = useState('');
  const [rating, setRating] = useState('all');
  const [days, setDays] = useState('all');
  const [responding, setResponding] = useState<ReviewWire | null>(null);
  const deferredSearch = useDeferredValue(search.trim());

  const reviewsQuery = trpc.reviewRoutes.getReviewsByMerchant.useQuery(
    {
      merchantId: merchantId ?? undefined,
      search: deferredSearch || undefined,
      rating: rating === 'all' ? undefined : Number(rating),
      days: days === 'all' ? undefined : Number(days),
    },
    { enabled: Boolean(merchantId), placeholderData: keepPreviousData },
  );

  const data = reviewsQuery.data;
  const stats = data?.stats;
  const maxBar = stats ? Math.max(1, ...Object.values(stats.distribution)) : 1;

  return (
    <PageContainer>
      <PageHeader title="Reviews & Feedback" description="See what customers say and answer them." />
      {!merchantId ? (
        <EmptyState title="No shop selected" description="Merchant ID not found. Please log in again." />
      ) : reviewsQuery.isLoading ? (
        <PageSpinner label="Loading reviews" />
      ) : reviewsQuery.isError || !data || !stats ? (
        <LoadError
          title="Could not load reviews"
          description="Failed to load reviews. Please try again later."
          onRetry={reviewsQuery.refetch}
        />
      ) : (
        <>
          <div className="mb-6 grid gap-3 md:grid-cols-3">
            <Card>
              <p className="text-xs font-medium tracking-wide text-ink-500 uppercase">Average Rating</p>
              <p className="mt-1 flex items-center gap-2 text-3xl font-bold text-ink-900">
                <span data-testid="average-rating">{stats.averageRating.toFixed(1)}</span>
                <Stars rating={stats.averageRating} size="md" />
              </p>
              <p className="mt-1 text-sm text-ink-500">
                based on {stats.totalReviews} {stats.totalReviews === 1 ? 'review' : 'reviews'}
              </p>
            </Card>
            <Card>
              <p className="text-xs font-medium tracking-wide text-ink-500 uppercase">Response Rate</p>
              <p className="mt-1 text-3xl font-bold text-ink-900" data-testid="response-rate">
                {stats.responseRate}%
              </p>
              <p className="mt-1 text-sm text-ink-500">of reviews have your reply</p>
            </Card>
            <Card>
              <p className="mb-2 text-xs font-medium tracking-wide text-ink-500 uppercase">Rating Distribution</p>
              <ul className="flex flex-col gap-1">
                {[5, 4, 3, 2, 1].map((star) => {
                  const count = stats.distribution[star as 1 | 2 | 3 | 4 | 5];
                  return (
                    <li key={star} className="flex items-center gap-2 text-xs text-ink-600">
                      <span className="w-8">{star} ★</span>
                      <span className="h-2 flex-1 overflow-hidden rounded-full bg-blush-100" aria-hidden="true">
                        <span className="block h-full rounded-full bg-gold-500" style={{ width: `${(count / maxBar) * 100}%` }} />
                      </span>
                      <span className="w-6 text-right" role="img" aria-label={`${count} reviews with ${star} stars`}>
                        {count}
                      </span>
                    </li>
                  );
                })}
              </ul>
            </Card>
          </div>

          <div className="mb-4 grid gap-3 sm:grid-cols-[1fr_12rem_12rem]">
            <Input
              id="reviews-search"
              label="Search reviews"
              hideLabel
              placeholder="Search by customer or comment"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              trailing={<SearchIcon className="mr-2 size-4 text-ink-400" />}
            />
            <Select
              id="reviews-rating"
              label="Rating"
              hideLabel
              value={rating}
              onChange={(e) => setRating(e.target.value)}
              options={[
                { value: 'all', label: 'All Ratings' },
                ...[5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: `${n} ${n === 1 ? 'Star' : 'Stars'}` })),
              ]}
            />
            <Select
              id="reviews-time"
              label="Time"
              hideLabel
              value={days}
              onChange={(e) => setDays(e.target.value)}
              options={[
                { value: 'all', label: 'All Time' },
                { value: '7', label: 'Last 7 days' },
                { value: '30', label: 'Last 30 days' },
                { value: '90', label: 'Last 90 days' },
              ]}
            />
          </div>

          {data.reviews.length === 0 ? (
            <EmptyState title="No reviews" description="No reviews found matching your criteria." />
          ) : (
            <ul className="flex flex-col gap-3" data-testid="review-list">
              {data.reviews.map((r) => (
                <li key={r._id}>
                  <Card data-testid="review-item">
                    <div className="flex flex-wrap items-start justify-between gap-3">
                      <div className="flex items-center gap-3">
                        <Avatar src={r.customerId.avatar} name={r.userName} />
                        <div>
                          <p className="font-semibold text-ink-900">{r.userName}</p>
                          <p className="text-xs text-ink-500">{longDate(r.createdAt)}</p>
                        </div>
                      </div>
                      <Stars rating={r.rating} />
                    </div>
                    {r.comment && <p className="mt-3 text-sm text-ink-700">{r.comment}</p>}
                    {r.response && (
                      <div className="mt-3 rounded-xl border-l-4 border-plum-300 bg-plum-50/60 px-4 py-2.5">
                        <p className="text-xs font-semibold text-plum-800">
                          Your response · <span className="font-normal text-ink-500">{longDate(r.response.responseDate)}</span>
                        </p>
                        <p className="mt-1 text-sm text-ink-700">{r.response.text}</p>
                      </div>
                    )}
                    <div className="mt-3 flex justify-end">
                      <Button variant={r.response ? 'ghost' : 'secondary'} size="sm" onClick={() => setResponding(r)}>
                        {r.response ? 'Edit Response' : 'Respond'}
                      </Button>
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {responding && <RespondModal review={responding} merchantId={merchantId} onClose={() => setResponding(null)} />}
    </PageContainer>
  );
}
