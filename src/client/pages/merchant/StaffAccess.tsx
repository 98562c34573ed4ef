import { useState } from 'react';
import { Link } from 'wouter';
import type { StaffPayWire } from '../../../shared/schemas/staffPay';
import { SALON_ROLE_LABELS, type StaffRole } from '../../../shared/staffRoles';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { LoadError } from '../../components/ui/EmptyState';
import { Input } from '../../components/ui/Input';
import { Select } from '../../components/ui/Select';
import { Skeleton } from '../../components/ui/Skeleton';
import { usePageTitle } from '../../lib/usePageTitle';
import { errorMessage, trpc } from '../../trpc';

/** The owner invites a receptionist or a professional (linked to their staff row) to sign in. */
function InviteForm({ staff }: { staff: { staffId: string; staffName: string }[] }) {
  const [role, setRole] = useState<StaffRole>('professional');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [staffId, setStaffId] = useState('');
  const invite = trpc.merchants.inviteStaffMember.useMutation({
    meta: { invalidates: ['merchants.getStaffMembers'] },
    onSuccess: () => {
      setName('');
      setEmail('');
      setPhone('');
    },
  });
  return (
    <Card>
      <h2 className="text-lg font-semibold text-ink-900">Invite someone to sign in</h2>
      <p className="mb-3 text-sm text-ink-500">
        They get a one-time link (7 days) by e-mail, and by WhatsApp when you give a number, to set their password.
      </p>
      <form
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          invite.mutate({ role, name, email, phone, staffId: role === 'professional' ? staffId : undefined });
        }}
      >
        <Select
          label="Role"
          value={role}
          onChange={(e) => setRole(e.target.value as StaffRole)}
          options={[
            { value: 'professional', label: 'Professional: own calendar and pay' },
            { value: 'receptionist', label: 'Receptionist: the desk' },
          ]}
          data-testid="invite-role"
        />
        {role === 'professional' && (
          <Select
            label="Staff member"
            value={staffId}
            onChange={(e) => {
              setStaffId(e.target.value);
              const s = staff.find((x) => x.staffId === e.target.value);
              if (s && !name) setName(s.staffName);
            }}
            options={[{ value: '', label: 'Choose…' }, ...staff.map((s) => ({ value: s.staffId, label: s.staffName }))]}
            data-testid="invite-staff"
          />
        )}
        <Input label="Name" value={name} onChange={(e) => setName(e.target.value)} data-testid="invite-name" />
        <Input label="E-mail" type="email" value={email} onChange={(e) => setEmail(e.target.value)} data-testid="invite-email" />
        <Input label="Mobile (optional, WhatsApp)" value={phone} onChange={(e) => setPhone(e.target.value)} data-testid="invite-phone" />
        <div className="flex items-end">
          <Button type="submit" disabled={invite.isPending} data-testid="invite-send">
            Send invitation
          </Button>
        </div>
      </form>
      {invite.error && <p className="mt-2 text-sm text-red-700">{errorMessage(invite.error, 'Could not invite.')}</p>}
      {invite.data && (
        <p className="mt-2 text-sm text-emerald-700" data-testid="invite-sent">
          Invitation sent to {invite.data.sentTo.map((s) => s.to).join(' and ')}.
        </p>
      )}
    </Card>
  );
}

function Members() {
  const q = trpc.merchants.getStaffMembers.useQuery({});
  const revoke = trpc.merchants.revokeStaffMember.useMutation({ meta: { invalidates: ['merchants.getStaffMembers'] } });
  const resend = trpc.merchants.resendStaffInvite.useMutation({ meta: { successToast: () => 'Invitation sent again' } });
  if (q.isLoading) return <Skeleton className="h-24" />;
  if (q.error) return <LoadError title="Could not load" description={q.error.message} onRetry={() => void q.refetch()} />;
  const members = q.data?.members ?? [];
  return (
    <Card>
      <h2 className="mb-2 text-lg font-semibold text-ink-900">Who can sign in</h2>
      {members.length === 0 ? (
        <p className="text-sm text-ink-500">Only you, the owner.</p>
      ) : (
        <ul className="divide-y divide-ink-100" data-testid="members">
          {members.map((m) => (
            <li key={m._id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium text-ink-900">{m.name}</span> <span className="text-sm text-ink-500">{m.email}</span>{' '}
                <Badge>{SALON_ROLE_LABELS[m.role]}</Badge> <Badge>{m.status}</Badge>
              </span>
              {m.status !== 'revoked' && (
                <span className="flex gap-2">
                  {m.status === 'invited' && (
                    <Button size="sm" variant="outline" onClick={() => resend.mutate({ memberId: m._id })}>
                      Send again
                    </Button>
                  )}
                  <Button size="sm" variant="danger" onClick={() => revoke.mutate({ memberId: m._id })} data-testid={`revoke-${m.email}`}>
                    Revoke
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** One professional's rates: service % (and per category), product %, monthly base. */
function PayRow({ pay, categories }: { pay: StaffPayWire; categories: { _id: string; name: string }[] }) {
  const [service, setService] = useState(String(pay.serviceRate));
  const [product, setProduct] = useState(String(pay.productRate));
  const [base, setBase] = useState(String(pay.baseMonthly));
  const [byCategory, setByCategory] = useState<Record<string, string>>(
    Object.fromEntries(pay.categoryRates.map((r) => [r.categoryId, String(r.rate)])),
  );
  const save = trpc.merchants.setStaffPay.useMutation({
    meta: { successToast: () => `Pay of ${pay.staffName} saved`, invalidates: ['merchants.getStaffPay'] },
  });
  const submit = () =>
    save.mutate({
      staffId: pay.staffId,
      serviceRate: service as never,
      productRate: product as never,
      baseMonthly: base as never,
      categoryRates: Object.entries(byCategory)
        .filter(([, v]) => v.trim() !== '')
        .map(([categoryId, rate]) => ({ categoryId, rate: rate as never })),
    });
  return (
    <li className="py-3" data-testid={`pay-${pay.staffName}`}>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-ink-900">{pay.staffName}</span>
        <Link href={`/merchant/my-pay?staff=${pay.staffId}`} className="text-sm text-rose-700 underline">
          Pay statement
        </Link>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Input
          label="Services %"
          inputMode="decimal"
          value={service}
          onChange={(e) => setService(e.target.value)}
          data-testid="pay-service-rate"
        />
        <Input
          label="Products %"
          inputMode="decimal"
          value={product}
          onChange={(e) => setProduct(e.target.value)}
          data-testid="pay-product-rate"
        />
        <Input
          label="Base per month (₹)"
          inputMode="decimal"
          value={base}
          onChange={(e) => setBase(e.target.value)}
          data-testid="pay-base"
        />
        {categories.map((c) => (
          <Input
            key={c._id}
            label={`${c.name} %`}
            inputMode="decimal"
            placeholder={`${service || 0} (services %)`}
            value={byCategory[c._id] ?? ''}
            onChange={(e) => setByCategory({ ...byCategory, [c._id]: e.target.value })}
          />
        ))}
      </div>
      <div className="mt-2 flex items-center gap-3">
        <Button size="sm" onClick={submit} disabled={save.isPending} data-testid="pay-save">
          Save rates
        </Button>
        {save.error && <span className="text-sm text-red-700">{errorMessage(save.error, 'Could not save.')}</span>}
      </div>
    </li>
  );
}

/** Staff → Sign-in & pay: who may sign in (owner only) and what each professional is paid. */
export default function StaffAccess() {
  usePageTitle('Staff sign-in & pay');
  const pay = trpc.merchants.getStaffPay.useQuery({});
  const staff = pay.data?.staff ?? [];
  return (
    <PageContainer>
      <PageHeader
        title="Staff sign-in & pay"
        description="Receptionists work the desk; professionals see their own calendar and pay statement. Commission is on what was charged without GST."
        actions={
          <Link href="/merchant/staff" className="text-sm text-rose-700 underline">
            Back to staff
          </Link>
        }
      />
      <div className="space-y-4">
        <InviteForm staff={staff} />
        <Members />
        <Card>
          <h2 className="mb-1 text-lg font-semibold text-ink-900">Commission and base</h2>
          {pay.isLoading && <Skeleton className="h-24" />}
          {pay.error && <LoadError title="Could not load" description={pay.error.message} onRetry={() => void pay.refetch()} />}
          <ul className="divide-y divide-ink-100">
            {staff.map((p) => (
              <PayRow
                key={`${p.staffId}-${p.serviceRate}-${p.productRate}-${p.baseMonthly}`}
                pay={p}
                categories={pay.data?.categories ?? []}
              />
            ))}
          </ul>
        </Card>
      </div>
    </PageContainer>
  );
}
