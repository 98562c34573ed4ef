import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearch } from 'wouter';
import type { AdminUserWire } from '../../../shared/schemas/admin';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Input } from '../../components/ui/Input';
import { Select } from '../../components/ui/Select';
import { AdminPage } from '../../features/admin/AdminPage';
import { FilterBar, Pagination, QueryState, TableCard, Td, Th } from '../../features/admin/DataTable';
import { ReasonDialog } from '../../features/admin/Dialogs';
import { formatCount, formatDateTime, formatDay, fullName } from '../../features/admin/format';
import { useDebounced } from '../../features/admin/useDebounced';
import { getSession } from '../../state/session';
import { trpc } from '../../trpc';

const ROLE_TONES: Record<AdminUserWire['role'], BadgeTone> = { customer: 'info', merchant: 'brand', admin: 'accent' };
const LIMIT = 20;

type Pending = { kind: 'block' | 'promote'; user: AdminUserWire } | null;

export default function UserManagement() {
  const params = new URLSearchParams(useSearch());
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [role, setRole] = useState(params.get('role') ?? '');
  const [blocked, setBlocked] = useState(params.get('blocked') ?? '');
  const [page, setPage] = useState(1);
  const [pending, setPending] = useState<Pending>(null);
  const term = useDebounced(search.trim());
  const me = getSession().userId;

  const input = {
    search: term || undefined,
    role: (role || undefined) as AdminUserWire['role'] | undefined,
    blocked: (blocked || undefined) as 'true' | 'false' | undefined,
    page,
    limit: LIMIT,
  };
  const users = trpc.admin.listUsers.useQuery(input, { placeholderData: keepPreviousData });
  const invalidates = ['admin.listUsers', 'admin.getUserBaseByAdmin'] as const;
  const block = trpc.admin.blockUser.useMutation({
    meta: { invalidates, successToast: ({ user }: { user: { email: string } }) => `${user.email} is blocked and signed out everywhere.` },
    onSuccess: () => setPending(null),
  });
  const unblock = trpc.admin.unblockUser.useMutation({
    meta: {
      invalidates,
      successToast: ({ user }: { user: { email: string } }) => `${user.email} can sign in again.`,
      errorToast: 'Could not unblock this account.',
    },
  });
  const promote = trpc.admin.promoteUser.useMutation({
    meta: {
      invalidates,
      successToast: ({ user }: { user: { email: string } }) => `${user.email} is now an administrator.`,
      errorToast: 'Could not promote this account.',
    },
  });

  const filter = (set: (v: string) => void) => (value: string) => {
    set(value);
    setPage(1);
  };

  const close = () => setPending(null);

  const onBlock = (reason: string, failed: (error: unknown) => void) => {
    if (pending?.kind === 'block') block.mutate({ userId: pending.user._id, reason }, { onError: failed });
  };

  const onPromote = () => {
    if (pending?.kind === 'promote') promote.mutate({ userId: pending.user._id }, { onSettled: close });
  };

  const onUnblock = (target: AdminUserWire) => unblock.mutate({ userId: target._id });

  const list = users.data?.users ?? [];

  return (
    <AdminPage
      title="User Management"
      description="Every account on the platform. Blocking signs a person out on all their devices at once."
    >
      <FilterBar>
        <Input
          label="Search"
          type="search"
          placeholder="Name, e-mail or phone"
          value={search}
          onChange={(e) => filter(setSearch)(e.target.value)}
          containerClassName="lg:col-span-2"
        />
        <Select
          label="Role"
          value={role}
          onChange={(e) => filter(setRole)(e.target.value)}
          placeholder="All roles"
          options={[
            { value: 'customer', label: 'Customers' },
            { value: 'merchant', label: 'Merchants' },
            { value: 'admin', label: 'Admins' },
          ]}
        />
        <Select
          label="Status"
          value={blocked}
          onChange={(e) => filter(setBlocked)(e.target.value)}
          placeholder="Any status"
          options={[
            { value: 'false', label: 'Active' },
            { value: 'true', label: 'Blocked' },
          ]}
        />
      </FilterBar>

      <QueryState
        query={users}
        isEmpty={list.length === 0}
        emptyTitle="No accounts match"
        emptyDescription="Try another search or clear the filters."
      >
        <TableCard testId="users-table" caption="Accounts" minWidth={880}>
          <thead>
            <tr>
              <Th>Account</Th>
              <Th>Role</Th>
              <Th>Phone</Th>
              <Th className="text-right">Bookings</Th>
              <Th>Last sign-in</Th>
              <Th>Joined</Th>
              <Th>Status</Th>
              <Th className="text-right">Actions</Th>
            </tr>
          </thead>
          <tbody>
            {list.map((u) => (
              <tr key={u._id} data-testid="user-row" data-email={u.email}>
                <Td>
                  <p className="font-medium text-ink-900">{u.shop_Name ?? fullName(u.firstName, u.lastName)}</p>
                  <p className="text-xs text-ink-500">{u.email}</p>
                </Td>
                <Td>
                  <Badge tone={ROLE_TONES[u.role]}>{u.role}</Badge>
                </Td>
                <Td className="whitespace-nowrap">{u.phone ?? '—'}</Td>
                <Td className="text-right">{formatCount(u.bookingCount)}</Td>
                <Td className="whitespace-nowrap">{u.lastLoginAt ? formatDateTime(u.lastLoginAt) : 'Never'}</Td>
                <Td className="whitespace-nowrap">{formatDay(u.createdAt)}</Td>
                <Td>
                  {u.isBlocked ? (
                    <span title={u.blockedReason ?? undefined}>
                      <Badge tone="danger" data-testid="user-status">
                        Blocked
                      </Badge>
                    </span>
                  ) : (
                    <Badge tone="success" data-testid="user-status">
                      Active
                    </Badge>
                  )}
                  {u.isBlocked && u.blockedReason && <p className="mt-1 max-w-48 text-xs text-ink-500">{u.blockedReason}</p>}
                </Td>
                <Td>
                  <div className="flex justify-end gap-1">
                    {u.isBlocked ? (
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => void onUnblock(u)}
                        loading={unblock.isPending && unblock.variables?.userId === u._id}
                        data-testid="unblock-user"
                      >
                        Unblock
                      </Button>
                    ) : (
                      u._id !== me && (
                        <Button
                          size="sm"
                          variant="ghost"
                          className="text-red-600 hover:bg-red-50"
                          onClick={() => setPending({ kind: 'block', user: u })}
                          data-testid="block-user"
                        >
                          Block
                        </Button>
                      )
                    )}
                    {u.role === 'customer' && !u.isBlocked && (
                      <Button size="sm" variant="ghost" onClick={() => setPending({ kind: 'promote', user: u })} data-testid="promote-user">
                        Make admin
                      </Button>
                    )}
                  </div>
                </Td>
              </tr>
            ))}
          </tbody>
        </TableCard>
        <Pagination page={page} limit={LIMIT} total={users.data?.total ?? 0} onPage={setPage} />
      </QueryState>

      <ReasonDialog
        open={pending?.kind === 'block'}
        title="Block this account?"
        message={
          pending && (
            <p>
              <strong>{pending.user.email}</strong> will be signed out on every device and cannot sign in until you unblock the account. The
              reason is kept with the account.
            </p>
          )
        }
        label="Reason for blocking"
        confirmLabel="Block account"
        busy={block.isPending}
        failure="Could not block this account."
        onConfirm={onBlock}
        onClose={close}
      />
      <ConfirmDialog
        open={pending?.kind === 'promote'}
        title="Make this account an administrator?"
        message={
          pending && <p>{pending.user.email} will get full access to the admin area, including blocking users and approving salons.</p>
        }
        confirmLabel="Make admin"
        tone="primary"
        busy={promote.isPending}
        onConfirm={() => void onPromote()}
        onClose={close}
      />
    </AdminPage>
  );
}
