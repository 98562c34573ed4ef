import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { changePasswordInput } from '../../../shared/schemas/auth';
import { openingHoursSchema, updateBusinessProfileInput, type ShopProfileWire } from '../../../shared/schemas/shop';
import { Button } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { Checkbox } from '../../components/ui/Checkbox';
import { Input } from '../../components/ui/Input';
import { Textarea } from '../../components/ui/Textarea';
import { getSession, saveSession } from '../../state/session';
import { PhoneVerification } from '../auth/PhoneVerification';
import { errorMessage, useTRPC, readableMessage } from '../../trpc';
import { Banner, useFlash } from './Banner';

function useRefreshShop() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.merchants.getMerchantSettingsById.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.merchants.getProfileCompletion.queryKey() }),
    ]);
}

const text = (v: string | null | undefined) => v ?? '';

export function BusinessProfileSection({ merchant, merchantId }: { merchant: ShopProfileWire; merchantId: string | null }) {
  const trpc = useTRPC();
  const save = useMutation(trpc.merchants.updateBusinessProfile.mutationOptions());
  const refresh = useRefreshShop();
  const [flash, show] = useFlash();
  const initial = () => ({
    shop_Name: merchant.shop_Name,
    shop_Owner: merchant.shop_Owner,
    official_Email: text(merchant.official_Email),
    phone: text(merchant.phone),
    Shop_Address: merchant.Shop_Address,
    City: merchant.City,
    State: merchant.State,
    postalCode: text(merchant.postalCode),
    description: merchant.description,
    latitude: merchant.latitude === null ? '' : String(merchant.latitude),
    longitude: merchant.longitude === null ? '' : String(merchant.longitude),
  });
  const [form, setForm] = useState(initial);
  const set = (key: keyof ReturnType<typeof initial>, value: string) => setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateBusinessProfileInput.safeParse({ ...form, merchantId: merchantId ?? undefined });
    if (!parsed.success) {
      show('error', readableMessage(parsed.error.issues[0].message));
      return;
    }
    try {
      await save.mutateAsync(parsed.data);
      show('success', 'Business profile updated successfully.');
      await refresh();
    } catch (err) {
      show('error', errorMessage(err, 'Failed to update business profile. Please try again.'));
    }
  };

  return (
    <Card id="business-profile">
      <CardHeader title="Business Profile" description="What customers see on your salon page." />
      <Banner flash={flash} testId="profile-banner" />
      <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        <Input id="settings-shop-name" label="Business name" required value={form.shop_Name} onChange={(e) => set('shop_Name', e.target.value)} />
        <Input id="settings-owner" label="Owner name" required value={form.shop_Owner} onChange={(e) => set('shop_Owner', e.target.value)} />
        <Input id="settings-email" label="Official email" type="email" value={form.official_Email} onChange={(e) => set('official_Email', e.target.value)} />
        <Input id="settings-phone" label="Phone" type="tel" inputMode="numeric" maxLength={10} value={form.phone} onChange={(e) => set('phone', e.target.value)} />
        <Input id="settings-address" label="Address" required value={form.Shop_Address} onChange={(e) => set('Shop_Address', e.target.value)} containerClassName="sm:col-span-2" />
        <Input id="settings-city" label="City" required value={form.City} onChange={(e) => set('City', e.target.value)} />
        <Input id="settings-state" label="State" required value={form.State} onChange={(e) => set('State', e.target.value)} />
        <Input id="settings-pin" label="PIN code" inputMode="numeric" maxLength={6} value={form.postalCode} onChange={(e) => set('postalCode', e.target.value)} />
        <div className="grid grid-cols-2 gap-3">
          <Input id="settings-lat" label="Latitude" inputMode="decimal" value={form.latitude} onChange={(e) => set('latitude', e.target.value)} />
          <Input id="settings-lng" label="Longitude" inputMode="decimal" value={form.longitude} onChange={(e) => set('longitude', e.target.value)} />
        </div>
        <Textarea
          id="settings-description"
          label="Description"
          rows={4}
          value={form.description}
          onChange={(e) => set('description', e.target.value)}
          hint="At least 30 characters: your speciality, atmosphere and what makes you different."
          containerClassName="sm:col-span-2"
        />
        <div className="sm:col-span-2">
          <Button type="submit" loading={save.isPending} loadingText="Saving..." data-testid="save-profile">
            Save Profile
          </Button>
        </div>
      </form>
    </Card>
  );
}

export function BusinessHoursSection({ merchant, merchantId }: { merchant: ShopProfileWire; merchantId: string | null }) {
  const trpc = useTRPC();
  const save = useMutation(trpc.merchants.updateBusinessHours.mutationOptions());
  const refresh = useRefreshShop();
  const [flash, show] = useFlash();
  const [days, setDays] = useState(() => merchant.openingHours.map((d) => ({ ...d })));
  const setDay = (i: number, patch: Partial<(typeof days)[number]>) => setDays((list) => list.map((d, j) => (j === i ? { ...d, ...patch } : d)));

  const onSave = async () => {
    const parsed = openingHoursSchema.safeParse(days);
    if (!parsed.success) {
      show('error', readableMessage(parsed.error.issues[0].message));
      return;
    }
    try {
      await save.mutateAsync({ merchantId: merchantId ?? undefined, openingHours: days });
      show('success', 'Business hours updated successfully.');
      await refresh();
    } catch (err) {
      show('error', errorMessage(err, 'Failed to update business hours. Please try again.'));
    }
  };

  return (
    <Card id="business-hours">
      <CardHeader title="Business Hours" description="Customers can book only while you are open." />
      <Banner flash={flash} testId="hours-banner" />
      <ul className="divide-y divide-blush-100">
        {days.map((d, i) => (
          <li key={d.name} className="grid grid-cols-2 items-center gap-2 py-2.5 sm:grid-cols-[10rem_1fr_1fr]">
            <Checkbox id={`hours-${d.name}`} label={d.name} checked={d.enabled} onChange={(e) => setDay(i, { enabled: e.target.checked })} />
            <span className="text-right text-xs text-ink-500 sm:hidden">{d.enabled ? '' : 'Closed'}</span>
            <Input id={`hours-${d.name}-open`} label={`${d.name} opens`} hideLabel type="time" value={d.openTime} disabled={!d.enabled} onChange={(e) => setDay(i, { openTime: e.target.value })} />
            <Input id={`hours-${d.name}-close`} label={`${d.name} closes`} hideLabel type="time" value={d.closeTime} disabled={!d.enabled} onChange={(e) => setDay(i, { closeTime: e.target.value })} />
          </li>
        ))}
      </ul>
      <Button className="mt-4" onClick={onSave} loading={save.isPending} loadingText="Saving..." data-testid="save-hours">
        Save Hours
      </Button>
    </Card>
  );
}

export function NotificationsSection({ merchant, merchantId }: { merchant: ShopProfileWire; merchantId: string | null }) {
  const trpc = useTRPC();
  const save = useMutation(trpc.merchants.updateNotificationSettings.mutationOptions());
  const refresh = useRefreshShop();
  const [flash, show] = useFlash();
  const [prefs, setPrefs] = useState(() => merchant.notificationSettings.map((p) => ({ ...p })));

  const onSave = async () => {
    try {
      await save.mutateAsync({ merchantId: merchantId ?? undefined, preferences: prefs.map(({ id, enabled }) => ({ id, enabled })) });
      show('success', 'Notification settings updated successfully.');
      await refresh();
    } catch (err) {
      show('error', errorMessage(err, 'Failed to update notification settings. Please try again.'));
    }
  };

  return (
    <Card id="notifications">
      <CardHeader title="Notifications" description="Choose what we tell you about." />
      <Banner flash={flash} testId="notifications-banner" />
      <ul className="flex flex-col gap-4">
        {prefs.map((p, i) => (
          <li key={p.id}>
            <Checkbox
              id={`notify-${p.id}`}
              label={p.name}
              description={p.description}
              checked={p.enabled}
              onChange={(e) => setPrefs((list) => list.map((x, j) => (j === i ? { ...x, enabled: e.target.checked } : x)))}
            />
          </li>
        ))}
      </ul>
      <Button className="mt-5" onClick={onSave} loading={save.isPending} loadingText="Saving..." data-testid="save-notifications">
        Save Preferences
      </Button>
    </Card>
  );
}

export function SecuritySection() {
  const trpc = useTRPC();
  const change = useMutation(trpc.users.changePassword.mutationOptions());
  const [flash, show] = useFlash();
  const [form, setForm] = useState({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const set = (key: keyof typeof form, value: string) => setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.newPassword !== form.confirmPassword) {
      show('error', 'New passwords do not match.');
      return;
    }
    const parsed = changePasswordInput.safeParse(form);
    if (!parsed.success) {
      show('error', readableMessage(parsed.error.issues[0].message));
      return;
    }
    try {
      const answer = await change.mutateAsync(parsed.data);
      // Changing the password revokes older tokens; keep this device signed in with the new one.
      const session = getSession();
      if (session.user) saveSession({ token: answer.token, user: session.user, userType: session.userType ?? session.user.userType });
      setForm({ currentPassword: '', newPassword: '', confirmPassword: '' });
      show('success', 'Password updated successfully.');
    } catch (err) {
      show('error', errorMessage(err, 'Failed to update password. Please try again.'));
    }
  };

  return (
    <Card id="security">
      <CardHeader title="Security" description="Change the password you sign in with." />
      <Banner flash={flash} testId="security-banner" />
      <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:max-w-md">
        <Input id="current-password" label="Current password" type="password" autoComplete="current-password" required value={form.currentPassword} onChange={(e) => set('currentPassword', e.target.value)} />
        <Input
          id="new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 8 characters with a letter and a digit."
          value={form.newPassword}
          onChange={(e) => set('newPassword', e.target.value)}
        />
        <Input id="confirm-password" label="Confirm new password" type="password" autoComplete="new-password" required value={form.confirmPassword} onChange={(e) => set('confirmPassword', e.target.value)} />
        <div>
          <Button type="submit" loading={change.isPending} loadingText="Updating..." data-testid="save-password">
            Update Password
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The owner's own mobile number (the one registered with the account) and whether it can sign in by WhatsApp code. */
export function WhatsAppSignInSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const profile = useQuery(trpc.users.profile.queryOptions());
  const user = profile.data?.user;
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.users.profile.queryKey() });
  return (
    <Card id="whatsapp-sign-in">
      <CardHeader title="Sign-in by WhatsApp" description="The mobile number registered with your account. A code sent to it signs you in once the number is verified." />
      {profile.isError ? (
        <p className="text-sm text-red-700">Could not load your account. Please reload the page.</p>
      ) : !user ? (
        <p className="text-sm text-ink-500">Loading…</p>
      ) : user.phone ? (
        <PhoneVerification phone={user.phone} verified={user.phoneVerified === true} onVerified={refresh} />
      ) : (
        <p className="text-sm text-ink-600">No mobile number is registered with your account; sign in with your e-mail and password.</p>
      )}
    </Card>
  );
}
