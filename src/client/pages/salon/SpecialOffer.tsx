import { useState } from 'react';
import { Link } from 'wouter';
import { offerCap, offerRules } from '../../../shared/offers';
import { TagIcon } from '../../components/icons';
import { PageContainer } from '../../components/PageHeader';
import { Button, buttonClasses } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { Skeleton } from '../../components/ui/Skeleton';
import { formatINR } from '../../features/discovery/format';
import { longDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { errorMessage, trpc } from '../../trpc';

/** One offer of the home page's Special Offers, with its terms and where it applies. */
export default function SpecialOffer({ params }: { params: { id: string } }) {
  const offers = trpc.users.getSpecialOffers.useQuery({});
  const offer = offers.data?.data.offers.find((o) => o._id === params.id);
  const [copied, setCopied] = useState(false);
  usePageTitle(offer ? offer.title : 'Special offer');

  if (offers.isPending) {
    return (
      <PageContainer className="max-w-3xl">
        <Skeleton className="h-64 rounded-3xl" />
      </PageContainer>
    );
  }
  if (offers.isError || !offer) {
    return (
      <PageContainer className="max-w-3xl">
        <EmptyState
          title={offers.isError ? "We couldn't load this offer" : 'This offer has ended'}
          description={
            offers.isError
              ? errorMessage(offers.error, 'Something went wrong. Please try again.')
              : 'It may have expired or reached its limit. See the salons for current prices.'
          }
          action={
            <Link href="/salons" className={buttonClasses('primary', 'md')}>
              Browse salons
            </Link>
          }
        />
      </PageContainer>
    );
  }

  const cap = offerCap(offer);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(offer.code);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };

  return (
    <PageContainer className="max-w-3xl">
      <div
        className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-plum-800 to-rose-500 p-8 text-white shadow-lift"
        data-testid="offer-hero"
      >
        <span aria-hidden="true" className="absolute -top-16 -right-16 size-56 rounded-full bg-white/10" />
        <p className="text-sm font-semibold tracking-widest text-gold-300 uppercase">{offer.name}</p>
        <h1 className="mt-2 text-5xl font-extrabold tracking-tight">{offer.discount}</h1>
        <p className="mt-2 text-xl font-semibold">{offer.title}</p>
        <p className="mt-2 max-w-lg text-white/85">{offer.description}</p>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <span className="inline-flex items-center gap-2 rounded-xl border-2 border-dashed border-white/70 px-4 py-2 font-mono text-lg font-bold tracking-widest">
            <TagIcon className="size-5" />
            {offer.code}
          </span>
          <Button variant="onDark" onClick={() => void copy()}>
            {copied ? 'Copied!' : 'Copy code'}
          </Button>
        </div>
      </div>

      <div className="mt-6 rounded-2xl border border-blush-200/70 bg-white p-6 shadow-soft" data-testid="offer-how">
        <h2 className="text-lg font-semibold text-ink-900">How it works</h2>
        <ul className="mt-3 space-y-2 text-sm text-ink-700">
          <li>Enter the code {offer.code} when you review your booking.</li>
          {offerRules(offer).map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
          {offer.minAmount > 0 && <li>Valid on bookings of {formatINR(offer.minAmount)} or more.</li>}
          {cap !== null && <li>Saves up to {formatINR(cap)}.</li>}
          <li>
            Applies at{' '}
            {offer.merchantId ? [offer.name, offer.location].filter(Boolean).join(', ') : 'every salon on GlowBook, in every city'}.
          </li>
          {offer.expiryDate && <li>Valid till {longDate(offer.expiryDate)}.</li>}
        </ul>
        <Link href={offer.merchantId ? `/salon/${offer.merchantId}` : '/salons'} className={buttonClasses('primary', 'lg', 'mt-6')}>
          {offer.merchantId ? `Book at ${offer.name}` : 'Find a salon'}
        </Link>
      </div>
    </PageContainer>
  );
}
