import type { inferRouterOutputs } from '@trpc/server';
import { JOB_KIND_LABELS } from '../../../shared/jobKinds';
import { Button } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { answerMessage } from '../../mutationMeta';
import type { AppRouter } from '../../trpc';
import { trpc } from '../../trpc';
import { TableCard, Td, Th } from './DataTable';
import { formatCount, formatDateTime } from './format';

type Jobs = inferRouterOutputs<AppRouter>['admin']['system']['jobs'];

const kindLabel = (kind: string) => (JOB_KIND_LABELS as Record<string, string | undefined>)[kind] ?? kind;

function waited(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
}

/** The background job queue: backlog per kind, and failed jobs an admin can put back in the queue. */
export function JobQueueCard({ jobs }: { jobs: Jobs }) {
  const retry = trpc.admin.retryJob.useMutation({
    meta: { successToast: answerMessage, errorToast: 'Could not queue the job again.', invalidates: ['admin.system'] },
  });
  const onRetry = (jobId: string) => retry.mutate({ jobId });
  return (
    <Card padded={false} data-testid="job-queue">
      <div className="p-5 pb-0 sm:p-6 sm:pb-0">
        <CardHeader
          title="Job queue"
          description={
            jobs.oldestDueSeconds > 0
              ? `The oldest due message has waited ${waited(jobs.oldestDueSeconds)}.`
              : 'Nothing is waiting: due messages go out within seconds.'
          }
        />
      </div>
      <TableCard testId="jobs-table" caption="Jobs by kind" minWidth={560} className="rounded-none border-x-0 border-b-0 shadow-none">
        <thead>
          <tr>
            <Th>Kind</Th>
            <Th className="text-right">Queued</Th>
            <Th className="text-right">Retrying</Th>
            <Th className="text-right">Failed</Th>
          </tr>
        </thead>
        <tbody>
          {jobs.byKind.length === 0 && (
            <tr>
              <Td colSpan={4} className="text-center text-ink-500">
                No jobs waiting or failed.
              </Td>
            </tr>
          )}
          {jobs.byKind.map((k) => (
            <tr key={k.kind}>
              <Td>
                <span className="font-medium text-ink-900">{kindLabel(k.kind)}</span>
                <span className="block font-mono text-xs text-ink-500">{k.kind}</span>
              </Td>
              <Td className="text-right">{formatCount(k.queued)}</Td>
              <Td className="text-right">{formatCount(k.retrying)}</Td>
              <Td className={k.failed > 0 ? 'text-right font-semibold text-red-700' : 'text-right'}>{formatCount(k.failed)}</Td>
            </tr>
          ))}
        </tbody>
      </TableCard>
      {jobs.failures.length > 0 && (
        <div className="border-t border-blush-100 p-5 sm:p-6">
          <h3 className="mb-2 text-sm font-semibold text-ink-900">Failed jobs</h3>
          <ul className="divide-y divide-blush-100" data-testid="failed-jobs">
            {jobs.failures.map((f) => (
              <li key={f._id} className="flex flex-wrap items-center justify-between gap-3 py-2.5">
                <div className="min-w-0">
                  <p className="text-sm font-medium text-ink-900">
                    #{f._id} · {kindLabel(f.kind)} · {f.attempts} attempt{f.attempts === 1 ? '' : 's'}
                  </p>
                  <p className="truncate text-xs text-red-700" title={f.lastError ?? undefined}>
                    {f.lastError ?? 'No error text'}
                  </p>
                  <p className="text-xs text-ink-500">{formatDateTime(f.failedAt)}</p>
                </div>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => onRetry(f._id)}
                  loading={retry.isPending && retry.variables?.jobId === f._id}
                >
                  Retry
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}
