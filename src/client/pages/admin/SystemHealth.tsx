import { Link } from 'wouter';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { Skeleton } from '../../components/ui/Skeleton';
import { AdminPage } from '../../features/admin/AdminPage';
import { QueryState, TableCard, Td, Th } from '../../features/admin/DataTable';
import { formatCount, formatDateTime } from '../../features/admin/format';
import { JobQueueCard } from '../../features/admin/JobQueueCard';
import { StatTile } from '../../features/admin/StatTile';
import { trpc } from '../../trpc';

function uptime(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${m}m`;
  return `${m}m ${Math.floor(seconds % 60)}s`;
}

/** 'PostgreSQL 16.2 on x86_64-pc-linux-gnu, compiled by …' → 'PostgreSQL 16.2'; the full text stays in the tooltip. */
function shortVersion(version: string): string {
  return version.split(/ on |,/)[0].trim();
}

export default function SystemHealth() {
  const system = trpc.admin.system.useQuery({}, { refetchInterval: 30_000 });
  const s = system.data;

  return (
    <AdminPage
      title="System Health"
      description="Is everything running: the database, the app version, applied migrations, the message queue and background jobs."
      actions={
        <Button variant="outline" onClick={() => void system.refetch()} loading={system.isFetching}>
          Refresh
        </Button>
      }
    >
      {s ? (
        <>
          <Card
            className={s.status === 'ok' ? 'border-emerald-200 bg-emerald-50/50' : 'border-amber-300 bg-amber-50/60'}
            data-testid="system-status"
          >
            <div className="flex flex-wrap items-center gap-3">
              <span aria-hidden="true" className={`size-3 rounded-full ${s.status === 'ok' ? 'bg-emerald-500' : 'bg-amber-500'}`} />
              <p className="text-lg font-semibold text-ink-900">{s.status === 'ok' ? 'All systems working' : 'Degraded'}</p>
              {s.status !== 'ok' && (
                <p className="text-sm text-amber-800">
                  Messages failed to send in the last 24 hours, or background jobs are waiting too long; see the e-mail outbox and the job
                  queue below.
                </p>
              )}
            </div>
          </Card>
          <section aria-label="Components" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <StatTile
              label="Database"
              value={s.database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}
              hint={
                <span title={s.database.version}>
                  {shortVersion(s.database.version)} · {s.database.latencyMs} ms
                </span>
              }
              testId="system-db"
            />
            <StatTile label="App" value={`v${s.app.version}`} hint={`${s.app.name} · ${s.app.environment}`} testId="system-app" />
            <StatTile label="Node.js" value={s.node} hint={`Up ${uptime(s.app.uptimeSeconds)}`} />
            <StatTile
              label="Message queue"
              value={`${formatCount(s.outbox.queued)} queued`}
              hint={`${formatCount(s.outbox.failedLast24h)} failed in 24 h`}
              tone={s.outbox.failedLast24h > 0 ? 'alert' : 'plain'}
              to="/admin/email"
              testId="system-queue"
            />
          </section>
        </>
      ) : (
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-28 rounded-2xl" />
          ))}
        </div>
      )}

      {s && <JobQueueCard jobs={s.jobs} />}

      <Card padded={false}>
        <div className="p-5 pb-0 sm:p-6 sm:pb-0">
          <CardHeader title="Migrations" description={s ? `${s.migrations.length} applied, newest last.` : undefined} />
        </div>
        <QueryState query={system} isEmpty={(s?.migrations.length ?? 0) === 0} emptyTitle="No migrations recorded">
          <TableCard
            testId="migrations-table"
            caption="Applied migrations"
            minWidth={480}
            className="rounded-none border-x-0 border-b-0 shadow-none"
          >
            <thead>
              <tr>
                <Th>Migration</Th>
                <Th>Applied</Th>
              </tr>
            </thead>
            <tbody>
              {s?.migrations.map((m) => (
                <tr key={m.name}>
                  <Td className="font-mono text-xs text-ink-900">{m.name}</Td>
                  <Td className="whitespace-nowrap">{formatDateTime(m.appliedAt)}</Td>
                </tr>
              ))}
            </tbody>
          </TableCard>
        </QueryState>
      </Card>
      <p className="text-sm text-ink-500">
        Looking for sign-in problems? See{' '}
        <Link href="/admin/security" className="font-medium text-plum-700 underline">
          Security
        </Link>
        . {s && <Badge tone="neutral">checked {formatDateTime(new Date(system.dataUpdatedAt))}</Badge>}
      </p>
    </AdminPage>
  );
}
