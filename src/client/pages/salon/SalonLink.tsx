import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { PageContainer } from '../../components/PageHeader';
import { buttonClasses } from '../../components/ui/Button';
import { EmptyState, LoadError } from '../../components/ui/EmptyState';
import { PageSpinner } from '../../components/ui/Spinner';
import { rememberChannel } from '../../features/channels/channel';
import { httpStatusOf, trpc } from '../../trpc';
import SalonDetails from './SalonDetails';

/**
 * /s/{slug}: the salon's own booking link (docs/channels.md). The salon's page and booking flow as
 * on the marketplace, but bookings made from here are direct: the link's token goes with them.
 */
export default function SalonLink({ params }: { params: { slug: string } }) {
  const [, navigate] = useLocation();
  const slug = params.slug.toLowerCase();
  const link = trpc.merchants.salonLink.useQuery({ slug }, { staleTime: 60 * 60 * 1000, retry: false });
  const found = link.data?.data;
  useEffect(() => {
    if (!found) return;
    rememberChannel(found.merchantId, found.channelToken);
    // An old slug: the server redirects a fresh visit; a visit from inside the app lands here.
    if (found.slug !== slug) navigate(`/s/${found.slug}${window.location.search}`, { replace: true });
  }, [found, slug, navigate]);

  if (link.isPending) return <PageSpinner label="Loading the salon" />;
  if (link.isError) {
    return (
      <PageContainer>
        {httpStatusOf(link.error) === 404 ? (
          <EmptyState
            title="This booking link does not lead to a salon"
            description="Check the link, or find the salon on GlowBook."
            action={
              <Link href="/salons" className={buttonClasses('primary')}>
                Find salons
              </Link>
            }
          />
        ) : (
          <LoadError title="Could not load this salon" onRetry={link.refetch} />
        )}
      </PageContainer>
    );
  }
  return <SalonDetails params={{ id: found!.merchantId }} />;
}
