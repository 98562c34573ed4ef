import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import type { DeliveryState } from '../../../shared/delivery';
import { relativeTime } from '../../../shared/relativeTime';
import { CUSTOMERS_PAGE_SIZE, type CustomerWire, RANGE_DAYS, type TemplateWire } from '../../../shared/schemas/crm';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Avatar } from '../../components/ui/Avatar';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState, LoadError } from '../../components/ui/EmptyState';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { Select } from '../../components/ui/Select';
import { Skeleton } from '../../components/ui/Skeleton';
import { TabPanel, Tabs } from '../../components/ui/Tabs';
import { useDebounced } from '../../features/admin/useDebounced';
import { useDeskMerchant } from '../../features/bookingDesk/useDeskMerchant';
import { clientRecordPath } from '../../features/clients/flags';
import { CHANNEL_LABELS, SendMessageDialog, TemplateDialog } from '../../features/crm/MessageDialogs';
import { useMerchantId } from '../../features/shop/api';
import { longDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { trpc } from '../../trpc';

type Tab = 'customers' | 'messages' | 'templates';
type Filters = { rangeDays?: number; minRating?: number };

const day = (iso: string | null) => (iso ? longDate(iso) : '—');

function Stars({ rating }: { rating: number | null }) {
  if (rating === null) return <span className="text-xs text-ink-400">No review</span>;
  return <span className="text-sm font-medium text-amber-800">★ {rating.toFixed(1)}</span>;
}

function FilterDialog({ value, onApply, onClose }: { value: Filters; onApply: (f: Filters) => void; onClose: () => void }) {
  const [f, setF] = useState<Filters>(value);
  return (
    <Modal
      open
      onClose={onClose}
      title="Filter customers"
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={() => onApply({})}>
            Reset
          </Button>
          <Button onClick={() => onApply(f)} data-testid="apply-filters">
            Apply
          </Button>
        </>
      }
    >
      <div className="grid gap-4">
        <Select
          id="filter-range"
          label="Booking Range"
          value={String(f.rangeDays ?? '')}
          options={[{ value: '', label: 'All Time' }, ...RANGE_DAYS.map((d) => ({ value: String(d), label: `Last ${d} Days` }))]}
          onChange={(e) => setF({ ...f, rangeDays: e.target.value ? Number(e.target.value) : undefined })}
        />
        <Select
          id="filter-rating"
          label="Rating"
          value={String(f.minRating ?? '')}
          options={[
            { value: '', label: 'All' },
            { value: '5', label: '5 Stars' },
            { value: '4', label: '4+ Stars' },
            { value: '3', label: '3+ Stars' },
          ]}
          onChange={(e) => setF({ ...f, minRating: e.target.value ? Number(e.target.value) : undefined })}
        />
      </div>
    </Modal>
  );
}

function CustomerDetail({ c, onMessage, onClose }: { c: CustomerWire; onMessage: () => void; onClose: () => void }) {
  const { merchantId, isAdmin } = useDeskMerchant();
  const adminMerchantId = isAdmin ? merchantId : null;
  return (
    <Modal
      open
      onClose={onClose}
      title={c.name}
      size="sm"
      testId="customer-detail"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Link href={clientRecordPath(c._id, adminMerchantId)} className={buttonClasses('outline')} data-testid="detail-client-record">
            Client record
          </Link>
          <Button onClick={onMessage} data-testid="detail-send-message">
            Send Message
          </Button>
        </>
      }
    >
      <dl className="divide-y divide-blush-100 text-sm">
        {[
          ['Email', c.email ?? '—'],
          ['Phone', c.phone ?? '—'],
          ['Total bookings', String(c.totalBookings)],
          ['Last visit', day(c.lastVisit)],
          ['Next appointment', day(c.nextAppointment)],
          ['Member since', day(c.memberSince)],
          ['Rating given', c.rating === null ? 'No review yet' : `${c.rating.toFixed(1)} / 5`],
          ['Offers and news', c.marketingOptIn ? 'Opted in' : c.source === 'walk-in' ? 'No consent (walk-in)' : 'Not opted in'],
        ].map(([k, v]) => (
          <div key={k} className="flex justify-between gap-3 py-2">
            <dt className="text-ink-500">{k}</dt>
            <dd className="text-right text-ink-900">{v}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}

/** Delivery as the transport reported it (shared/delivery.ts): only a provider's receipt is green. */
const DELIVERY_TONE: Record<DeliveryState, BadgeTone> = {
  queued: 'warning',
  not_sent: 'warning',
  sent: 'info',
  delivered: 'success',
  failed: 'danger',
};

export default function Customers() {
  usePageTitle('Customers');
  const merchantId = useMerchantId();
  const [tab, setTab] = useState<Tab>('customers');
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Filters>({});
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [detail, setDetail] = useState<CustomerWire | null>(null);
  const [messaging, setMessaging] = useState<CustomerWire | null>(null);
  const [templateOpen, setTemplateOpen] = useState<TemplateWire | 'new' | null>(null);
  const [page, setPage] = useState(1);
  const q = useDebounced(search, 300);
  const scope = { merchantId: merchantId ?? undefined };
  const customers = trpc.merchants.getCustomers.useQuery(
    { ...scope, search: q || undefined, ...filters, page, limit: CUSTOMERS_PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  const sent = trpc.merchants.getSentMessages.useQuery(scope, {
    enabled: tab === 'messages',
    refetchInterval: tab === 'messages' ? 5000 : false,
  });
  const templates = trpc.merchants.getMessageTemplates.useQuery(scope, { enabled: tab === 'templates' });
  const removeTemplate = trpc.merchants.deleteMessageTemplate.useMutation({
    meta: { errorToast: 'Could not delete the template.', invalidates: ['merchants.getMessageTemplates'] },
  });
  const list = customers.data?.data.customers ?? [];
  const total = customers.data?.data.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / CUSTOMERS_PAGE_SIZE));
  const filtered = Boolean(q || filters.rangeDays || filters.minRating);
  const activeFilters = (filters.rangeDays ? 1 : 0) + (filters.minRating ? 1 : 0);

  return (
    <PageContainer>
      <PageHeader
        title="Customers"
        description="Everyone who booked your salon, online or at the counter. Message them by e-mail, SMS or WhatsApp."
        actions={
          <Button variant="outline" onClick={() => setTemplateOpen('new')} data-testid="new-template">
            Create New Template
          </Button>
        }
      />
      <Tabs
        idPrefix="crm"
        label="Customers sections"
        value={tab}
        onChange={setTab}
        items={[
          { id: 'customers', label: `Customers${customers.data ? ` (${customers.data.data.total})` : ''}` },
          { id: 'messages', label: 'Sent messages' },
          { id: 'templates', label: 'Templates' },
        ]}
        className="mb-5"
      />
      {tab === 'customers' && (
        <TabPanel idPrefix="crm" id="customers">
          <div className="mb-4 flex flex-col gap-3 sm:flex-row">
            <Input
              id="customer-search"
              label="Search customers"
              hideLabel
              placeholder="Search by name or email"
              value={search}
              containerClassName="flex-1"
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(1);
              }}
            />
            <Button variant="outline" onClick={() => setFiltersOpen(true)} data-testid="open-filters">
              Filters{activeFilters ? ` (${activeFilters})` : ''}
            </Button>
          </div>
          {customers.isError ? (
            <LoadError title="Failed to load customers. Please try again later." onRetry={customers.refetch} />
          ) : !customers.data ? (
            <Skeleton className="h-64 rounded-2xl" />
          ) : list.length === 0 ? (
            <EmptyState
              title="No customers found"
              description={filtered ? 'No customers match your search criteria.' : 'Get started by adding your first customer.'}
            />
          ) : (
            <Card padded={false} className="overflow-hidden">
              <ul className="divide-y divide-blush-100" data-testid="customer-list">
                {list.map((c) => (
                  <li key={c._id} className="flex flex-wrap items-center gap-3 px-4 py-3 sm:flex-nowrap" data-testid="customer-row">
                    <button type="button" className="flex min-w-0 flex-1 items-center gap-3 text-left" onClick={() => setDetail(c)}>
                      <Avatar name={c.name} src={c.avatar ?? undefined} />
                      <span className="min-w-0">
                        <span className="block truncate font-medium text-ink-900">
                          {c.name} {c.source === 'walk-in' && <Badge tone="neutral">Walk-in</Badge>}
                        </span>
                        <span className="block truncate text-xs text-ink-500">{c.email ?? c.phone}</span>
                      </span>
                    </button>
                    <span className="w-24 text-sm text-ink-700">
                      {c.totalBookings} booking{c.totalBookings === 1 ? '' : 's'}
                    </span>
                    <span className="w-20">
                      <Stars rating={c.rating} />
                    </span>
                    <Button size="sm" variant="outline" onClick={() => setMessaging(c)} data-testid="message-customer">
                      Message
                    </Button>
                  </li>
                ))}
              </ul>
              {pages > 1 && (
                <nav
                  aria-label="Customer pages"
                  className="flex items-center justify-between gap-3 border-t border-blush-100 px-4 py-3 text-sm"
                  data-testid="customer-pages"
                >
                  <span className="text-ink-600">
                    {(page - 1) * CUSTOMERS_PAGE_SIZE + 1}–{Math.min(page * CUSTOMERS_PAGE_SIZE, total)} of {total}
                  </span>
                  <span className="flex gap-2">
                    <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                      Previous
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={page >= pages}
                      onClick={() => setPage(page + 1)}
                      data-testid="customers-next"
                    >
                      Next
                    </Button>
                  </span>
                </nav>
              )}
            </Card>
          )}
        </TabPanel>
      )}
      {tab === 'messages' && (
        <TabPanel idPrefix="crm" id="messages">
          {sent.isError ? (
            <LoadError title="Could not load your messages" onRetry={sent.refetch} />
          ) : !sent.data ? (
            <Skeleton className="h-40 rounded-2xl" />
          ) : sent.data.data.length === 0 ? (
            <EmptyState title="No messages sent yet" description="Messages you send to customers appear here with their delivery status." />
          ) : (
            <Card padded={false}>
              <ul className="divide-y divide-blush-100" data-testid="sent-messages">
                {sent.data.data.map((m) => (
                  <li key={m._id} className="px-4 py-3" data-testid="sent-message">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <p className="text-sm font-medium text-ink-900">
                        {CHANNEL_LABELS[m.channel as 'email'] ?? m.channel} to {m.recipient}
                      </p>
                      <Badge tone={DELIVERY_TONE[m.delivery]} data-testid="sent-message-delivery" data-delivery={m.delivery}>
                        {m.deliveryLabel}
                      </Badge>
                    </div>
                    {m.subject && <p className="text-sm text-ink-700">{m.subject}</p>}
                    <p className="line-clamp-2 text-sm text-ink-600">{m.body}</p>
                    <p className="text-xs text-ink-500">
                      {relativeTime(m.createdAt)} ·{' '}
                      <span data-testid="sent-message-category">
                        {m.category === 'promotional' ? 'Promotional' : 'About a booking or account'}
                      </span>
                      {m.lastError && ` · ${m.lastError}`}
                    </p>
                  </li>
                ))}
              </ul>
            </Card>
          )}
        </TabPanel>
      )}
      {tab === 'templates' && (
        <TabPanel idPrefix="crm" id="templates">
          {!templates.data ? (
            <Skeleton className="h-40 rounded-2xl" />
          ) : templates.data.data.length === 0 ? (
            <EmptyState title="No templates yet" description="Save messages you send often." />
          ) : (
            <div className="grid gap-4 md:grid-cols-2" data-testid="templates">
              {templates.data.data.map((t) => (
                <Card key={t._id} data-testid="template-card">
                  <div className="flex items-start justify-between gap-2">
                    <div>
                      <p className="font-semibold text-ink-900">{t.name}</p>
                      <Badge tone="brand">{CHANNEL_LABELS[t.type]}</Badge>
                    </div>
                    <span className="flex gap-1">
                      <Button size="sm" variant="outline" onClick={() => setTemplateOpen(t)} data-testid="edit-template">
                        Edit
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => removeTemplate.mutate({ ...scope, templateId: t._id })}>
                        Delete
                      </Button>
                    </span>
                  </div>
                  {t.subject && <p className="mt-2 text-sm font-medium text-ink-700">{t.subject}</p>}
                  <p className="mt-1 text-sm whitespace-pre-line text-ink-600">{t.content}</p>
                </Card>
              ))}
            </div>
          )}
        </TabPanel>
      )}
      {filtersOpen && (
        <FilterDialog
          value={filters}
          onClose={() => setFiltersOpen(false)}
          onApply={(f) => {
            setFilters(f);
            setPage(1);
            setFiltersOpen(false);
          }}
        />
      )}
      {detail && (
        <CustomerDetail
          c={detail}
          onClose={() => setDetail(null)}
          onMessage={() => {
            setMessaging(detail);
            setDetail(null);
          }}
        />
      )}
      {messaging && <SendMessageDialog customer={messaging} merchantId={merchantId} onClose={() => setMessaging(null)} />}
      {templateOpen && (
        <TemplateDialog
          merchantId={merchantId}
          template={templateOpen === 'new' ? undefined : templateOpen}
          onClose={() => setTemplateOpen(null)}
        />
      )}
    </PageContainer>
  );
}
