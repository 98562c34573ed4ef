import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { StaffWire } from '../../../shared/schemas/staff';
import { ChartIcon, ClockIcon, UsersIcon } from '../../components/icons';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Avatar } from '../../components/ui/Avatar';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { EmptyState, LoadError } from '../../components/ui/EmptyState';
import { PageSpinner } from '../../components/ui/Spinner';
import { useMerchantId } from '../../features/shop/api';
import { formatINR } from '../../features/shop/format';
import { StaffAnalyticsModal } from '../../features/shop/StaffAnalyticsModal';
import { StaffFormModal } from '../../features/shop/StaffFormModal';
import { StaffHoursModal } from '../../features/shop/StaffHoursModal';
import { StatCard } from '../../features/shop/StatCard';
import { usePageTitle } from '../../lib/usePageTitle';
import { trpc } from '../../trpc';

const STATUS_TONE: Record<StaffWire['status'], BadgeTone> = { Active: 'success', Inactive: 'neutral', 'On Leave': 'warning' };

export default function StaffManagement() {
  usePageTitle('Staff Management');
  const merchantId = useMerchantId();
  const scope = { merchantId: merchantId ?? undefined };
  const staffQuery = trpc.merchants.getAllStaffByMerchant.useQuery(scope);
  const servicesQuery = trpc.services.getAllServices.useQuery(scope);
  const remove = trpc.merchants.deleteStaffByMerchant.useMutation({
    meta: {
      successToast: 'Staff member deleted successfully',
      errorToast: 'Failed to delete staff member. Please try again.',
      invalidates: ['merchants.getAllStaffByMerchant'],
    },
  });

  const [form, setForm] = useState<{ open: boolean; editing: StaffWire | null }>({ open: false, editing: null });
  const [hoursFor, setHoursFor] = useState<StaffWire | null>(null);
  const [analyticsFor, setAnalyticsFor] = useState<StaffWire | null>(null);
  const [toDelete, setToDelete] = useState<StaffWire | null>(null);

  const staff = staffQuery.data?.staff ?? [];
  const summary = staffQuery.data?.summary;
  const suggestions = useMemo(() => {
    const names = new Set<string>();
    for (const s of servicesQuery.data?.services ?? []) {
      names.add(s.name);
      if (s.categoryName) names.add(s.categoryName);
    }
    return [...names].sort();
  }, [servicesQuery.data]);

  const onDelete = () => {
    if (toDelete) remove.mutate({ merchantId: merchantId ?? undefined, staffId: toDelete._id }, { onSettled: () => setToDelete(null) });
  };

  return (
    <PageContainer>
      <PageHeader
        title="Staff Management"
        description="Your team, the services each person performs, their rates and working hours."
        actions={
          <>
            <Link href="/merchant/staff/access" className={buttonClasses('outline')} data-testid="staff-access">
              Sign-in & pay
            </Link>
            <Button onClick={() => setForm({ open: true, editing: null })} data-testid="add-staff">
              Add Staff
            </Button>
          </>
        }
      />

      {staffQuery.isLoading ? (
        <PageSpinner label="Loading staff" />
      ) : staffQuery.isError ? (
        <LoadError
          title="Could not load your team"
          description="Failed to load staff members. Please try again later."
          onRetry={staffQuery.refetch}
        />
      ) : (
        <>
          <div className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
            <StatCard
              label="Total Staff"
              value={summary?.totalStaff ?? 0}
              icon={<UsersIcon className="size-5" />}
              testId="stat-total-staff"
            />
            <StatCard
              label="Active Staff"
              value={summary?.activeStaff ?? 0}
              icon={<UsersIcon className="size-5" />}
              testId="stat-active-staff"
            />
            <StatCard
              label="Total Bookings"
              value={summary?.totalBookings ?? 0}
              icon={<ClockIcon className="size-5" />}
              testId="stat-total-bookings"
            />
            <StatCard
              label="Total Earnings"
              value={formatINR(Math.round(summary?.totalEarnings ?? 0))}
              icon={<ChartIcon className="size-5" />}
              testId="stat-total-earnings"
            />
          </div>

          {staff.length === 0 ? (
            <EmptyState
              title="No staff members yet"
              description="Add the people who take bookings at your shop."
              action={<Button onClick={() => setForm({ open: true, editing: null })}>Add Staff</Button>}
            />
          ) : (
            <>
              <Card padded={false} className="hidden overflow-x-auto md:block" role="region" aria-label="Staff" tabIndex={0}>
                <table className="w-full text-left text-sm" data-testid="staff-table">
                  <thead className="border-b border-blush-100 bg-blush-50/60 text-xs tracking-wide whitespace-nowrap text-ink-500 uppercase">
                    <tr>
                      <th scope="col" className="px-4 py-3 font-semibold">
                        Staff Member
                      </th>
                      <th scope="col" className="px-4 py-3 font-semibold">
                        Staff Role
                      </th>
                      <th scope="col" className="px-4 py-3 font-semibold">
                        Services
                      </th>
                      <th scope="col" className="px-4 py-3 font-semibold">
                        Rate (per service)
                      </th>
                      <th scope="col" className="px-4 py-3 font-semibold">
                        Status
                      </th>
                      <th scope="col" className="px-4 py-3 text-right font-semibold">
                        Actions
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-blush-100">
                    {staff.map((m) => (
                      <tr key={m._id} data-testid="staff-row">
                        <td className="px-4 py-3">
                          <MemberCell member={m} />
                        </td>
                        <td className="px-4 py-3 text-ink-700">{m.role}</td>
                        <td className="max-w-xs px-4 py-3">
                          <Chips names={m.specialization} />
                        </td>
                        <td className="px-4 py-3 whitespace-nowrap text-ink-800">{formatINR(m.rate)}</td>
                        <td className="px-4 py-3">
                          <Badge tone={STATUS_TONE[m.status]}>{m.status}</Badge>
                        </td>
                        <td className="px-4 py-3">
                          <Actions
                            member={m}
                            onAnalytics={() => setAnalyticsFor(m)}
                            onHours={() => setHoursFor(m)}
                            onEdit={() => setForm({ open: true, editing: m })}
                            onDelete={() => setToDelete(m)}
                          />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </Card>
              <ul className="grid grid-cols-1 gap-3 md:hidden" data-testid="staff-list">
                {staff.map((m) => (
                  <li key={m._id}>
                    <Card className="flex flex-col gap-3">
                      <div className="flex items-start justify-between gap-2">
                        <MemberCell member={m} />
                        <Badge tone={STATUS_TONE[m.status]}>{m.status}</Badge>
                      </div>
                      <p className="text-sm text-ink-600">
                        {m.role} · {formatINR(m.rate)} per service
                      </p>
                      <Chips names={m.specialization} />
                      <Actions
                        member={m}
                        onAnalytics={() => setAnalyticsFor(m)}
                        onHours={() => setHoursFor(m)}
                        onEdit={() => setForm({ open: true, editing: m })}
                        onDelete={() => setToDelete(m)}
                      />
                    </Card>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}

      {form.open && (
        <StaffFormModal
          editing={form.editing}
          merchantId={merchantId}
          suggestions={suggestions}
          onClose={() => setForm({ open: false, editing: null })}
        />
      )}
      {hoursFor && <StaffHoursModal key={hoursFor._id} staff={hoursFor} merchantId={merchantId} onClose={() => setHoursFor(null)} />}
      {/* Keyed by the member: each opening starts from today. */}
      <StaffAnalyticsModal
        key={analyticsFor?._id ?? 'no-analytics'}
        open={Boolean(analyticsFor)}
        staff={analyticsFor}
        merchantId={merchantId}
        onClose={() => setAnalyticsFor(null)}
      />
      <ConfirmDialog
        open={Boolean(toDelete)}
        title="Delete staff member"
        message={toDelete ? `Are you sure you want to delete ${toDelete.name}? This action cannot be undone.` : ''}
        busy={remove.isPending}
        onConfirm={onDelete}
        onClose={() => setToDelete(null)}
      />
    </PageContainer>
  );
}

function MemberCell({ member }: { member: StaffWire }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar src={member.avatar} name={member.name} />
      <div className="min-w-0">
        <p className="truncate font-medium text-ink-900">{member.name}</p>
        <p className="truncate text-xs text-ink-500">{member.email ?? ''}</p>
      </div>
    </div>
  );
}

function Chips({ names }: { names: string[] }) {
  if (names.length === 0) return <span className="text-xs text-ink-500">All services</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {names.map((n) => (
        <li key={n} className="rounded-full bg-plum-50 px-2 py-0.5 text-xs font-medium text-plum-800 ring-1 ring-plum-200">
          {n}
        </li>
      ))}
    </ul>
  );
}

function Actions({
  member,
  onAnalytics,
  onHours,
  onEdit,
  onDelete,
}: {
  member: StaffWire;
  onAnalytics: () => void;
  onHours: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-0.5 md:flex-nowrap">
      <Button variant="ghost" size="sm" className="px-2" onClick={onAnalytics} aria-label={`Analytics for ${member.name}`}>
        Analytics
      </Button>
      <Button variant="ghost" size="sm" className="px-2" onClick={onHours} aria-label={`Working hours for ${member.name}`}>
        Hours
      </Button>
      <Button variant="ghost" size="sm" className="px-2" onClick={onEdit} aria-label={`Edit ${member.name}`}>
        Edit
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="px-2 text-red-600 hover:bg-red-50"
        onClick={onDelete}
        aria-label={`Delete ${member.name}`}
      >
        Delete
      </Button>
    </div>
  );
}
