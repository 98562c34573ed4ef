import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { auditActionLabel } from '../../../shared/auditActions';
import { Badge } from '../../components/ui/Badge';
import { Card, CardHeader } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { Input } from '../../components/ui/Input';
import { Select } from '../../components/ui/Select';
import { AdminPage } from '../../features/admin/AdminPage';
import { DataRightsCard } from '../../features/admin/DataRights';
import { Pagination, QueryState, TableCard, Td, Th } from '../../features/admin/DataTable';
import { formatCount, formatDateTime } from '../../features/admin/format';
import { StatTile } from '../../features/admin/StatTile';
import { useDebounced } from '../../features/admin/useDebounced';
import { trpc } from '../../trpc';

const WINDOWS = [
  { value: '1', label: 'Last hour' },
  { value: '24', label: 'Last 24 hours' },
  { value: '168', label: 'Last 7 days' },
  { value: '720', label: 'Last 30 days' },
];

function detailsText(details: Record<string, unknown>): string {
  return Object.entries(details)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(' · ');
}

function AuditLog() {
  const [action, setAction] = useState('');
  const [page, setPage] = useState(1);
  const term = useDebounced(action.trim());
  const audit = trpc.admin.audit.useQuery({ action: term || undefined, page, limit: 15 }, { placeholderData: keepPreviousData });
  const entries = audit.data?.entries ?? [];
  return (
    <section className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-ink-900">Admin activity</h2>
          <p className="text-sm text-ink-500">Every change an administrator made, newest first.</p>
        </div>
        <Input
          label="Action"
          hideLabel
          placeholder="Filter by action, e.g. user.block"
          value={action}
          onChange={(e) => {
            setAction(e.target.value);
            setPage(1);
          }}
          containerClassName="w-full sm:w-72"
        />
      </div>
      <QueryState
        query={audit}
        isEmpty={entries.length === 0}
        emptyTitle="No admin activity"
        emptyDescription="Blocks, approvals, broadcasts and other admin changes are recorded here."
      >
        <TableCard testId="audit-table" caption="Admin activity" minWidth={760}>
          <thead>
            <tr>
              <Th>When</Th>
              <Th>Who</Th>
              <Th>Action</Th>
              <Th>About</Th>
              <Th>Details</Th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e._id}>
                <Td className="whitespace-nowrap">{formatDateTime(e.createdAt)}</Td>
                <Td className="text-xs">{e.actor?.email ?? 'system'}</Td>
                <Td>
                  <span className="font-medium text-ink-900">{auditActionLabel(e.action)}</span>
                  <Badge tone="neutral" className="mt-0.5 block w-fit font-mono text-[11px]">
                    {e.action}
                  </Badge>
                </Td>
                <Td className="text-xs">
                  {e.subject ? (
                    <>
                      <span className="block font-medium text-ink-900">{e.subject.shopName ?? (e.subject.name || e.subject.email)}</span>
                      <span className="block text-ink-500">
                        {e.subject.shopName && e.subject.name ? `${e.subject.name} · ` : ''}
                        {e.subject.email}
                      </span>
                    </>
                  ) : (
                    <span className="text-ink-500">—</span>
                  )}
                </Td>
                <Td className="max-w-md text-xs break-words text-ink-500">{detailsText(e.details) || '—'}</Td>
              </tr>
            ))}
          </tbody>
        </TableCard>
        <Pagination page={page} limit={15} total={audit.data?.total ?? 0} onPage={setPage} />
      </QueryState>
    </section>
  );
}

export default function Security() {
  const [hours, setHours] = useState('24');
  const security = trpc.admin.security.useQuery({ hours: Number(hours) }, { placeholderData: keepPreviousData });
  const s = security.data;
  const failures = s?.failedSignIns.reduce((sum, f) => sum + f.count, 0) ?? 0;

  return (
    <AdminPage
      title="Security"
      description="Failed sign-ins, accounts and addresses the sign-in throttle is holding back, and what admins changed."
    >
      <div className="flex flex-wrap items-end gap-3">
        <Select label="Period" value={hours} options={WINDOWS} onChange={(e) => setHours(e.target.value)} containerClassName="w-56" />
      </div>
      <section aria-label="Summary" className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="security-summary">
        <StatTile label="Failed sign-ins" value={s ? formatCount(failures) : '…'} hint={WINDOWS.find((w) => w.value === hours)?.label} />
        <StatTile
          label="Throttled accounts"
          value={s ? formatCount(s.throttledAccounts.length) : '…'}
          tone={s && s.throttledAccounts.length > 0 ? 'alert' : 'plain'}
          hint="Refused sign-in right now"
        />
        <StatTile
          label="Throttled addresses"
          value={s ? formatCount(s.throttledIps.length) : '…'}
          tone={s && s.throttledIps.length > 0 ? 'alert' : 'plain'}
          hint="IP addresses"
        />
        <StatTile label="Blocked accounts" value={s ? formatCount(s.blockedAccounts) : '…'} to="/admin/users?blocked=true" />
      </section>

      {s && (s.throttledAccounts.length > 0 || s.throttledIps.length > 0) && (
        <Card className="border-amber-300">
          <CardHeader title="Throttled now" description="These get “too many attempts” until their window passes." />
          <ul className="divide-y divide-blush-100 text-sm" data-testid="throttled-list">
            {s.throttledAccounts.map((a) => (
              <li key={`a-${a.email}-${a.ip ?? 'all'}`} className="flex flex-wrap justify-between gap-2 py-2">
                <span className="font-medium text-ink-900">
                  {a.email}{' '}
                  <span className="font-normal text-ink-500">
                    {a.ip ? (
                      <>
                        from <span className="font-mono">{a.ip}</span>
                      </>
                    ) : (
                      'from every address'
                    )}
                  </span>
                </span>
                <span className="text-ink-500">
                  {a.failures} failures · until {formatDateTime(a.until)}
                </span>
              </li>
            ))}
            {s.throttledIps.map((a) => (
              <li key={`i-${a.ip}`} className="flex flex-wrap justify-between gap-2 py-2">
                <span className="font-mono text-ink-900">{a.ip}</span>
                <span className="text-ink-500">
                  {a.failures} failures · until {formatDateTime(a.until)}
                </span>
              </li>
            ))}
          </ul>
        </Card>
      )}

      <section className="space-y-3">
        <h2 className="text-lg font-semibold text-ink-900">Failed sign-ins</h2>
        <QueryState
          query={security}
          isEmpty={(s?.failedSignIns.length ?? 0) === 0}
          emptyTitle="No failed sign-ins"
          emptyDescription="Nobody mistyped a password in this period."
        >
          <TableCard testId="failed-signins" caption="Failed sign-ins" minWidth={560}>
            <thead>
              <tr>
                <Th>E-mail</Th>
                <Th>IP address</Th>
                <Th className="text-right">Attempts</Th>
                <Th>Last attempt</Th>
              </tr>
            </thead>
            <tbody>
              {s?.failedSignIns.map((f) => (
                <tr key={`${f.email}-${f.ip}`}>
                  <Td className="font-medium text-ink-900">{f.email}</Td>
                  <Td className="font-mono text-xs">{f.ip}</Td>
                  <Td className="text-right">{formatCount(f.count)}</Td>
                  <Td className="whitespace-nowrap">{formatDateTime(f.lastAt)}</Td>
                </tr>
              ))}
            </tbody>
          </TableCard>
        </QueryState>
      </section>

      {s && s.blockedAccounts > 0 && (
        <p className="text-sm text-ink-500">
          {formatCount(s.blockedAccounts)} blocked account{s.blockedAccounts === 1 ? '' : 's'}:{' '}
          <Link href="/admin/users?blocked=true" className="font-medium text-plum-700 underline">
            review them
          </Link>
          .
        </p>
      )}
      <AuditLog />
      {!s && security.isError && <EmptyState title="Could not load security data" />}
      <DataRightsCard />
    </AdminPage>
  );
}
