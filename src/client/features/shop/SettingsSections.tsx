import { useState } from 'react';
import type { z } from 'zod';
import { changePasswordForm } from '../../../shared/schemas/auth';
import {
  type HoursClash,
  type HoursDecision,
  type ShopProfileWire,
  updateBusinessHoursInput,
  updateBusinessProfileInput,
  updateNotificationSettingsInput,
} from '../../../shared/schemas/shop';
import { Button } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { Checkbox } from '../../components/ui/Checkbox';
import { Input } from '../../components/ui/Input';
import { Textarea } from '../../components/ui/Textarea';
import { FormError } from '../../forms/FormError';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { answerMessage } from '../../mutationMeta';
import { getSession, saveSession } from '../../state/session';
import { errorClashes, trpc } from '../../trpc';
import { PhoneVerification } from '../auth/PhoneVerification';
import { Banner, useFlash } from './Banner';
import { HoursClashesDialog } from './HoursClashesDialog';

/** What a saved setting changes: the settings page and the profile checklist. */
const SHOP_QUERIES = ['merchants.getMerchantSettingsById', 'merchants.getProfileCompletion'] as const;

const text = (v: string | null | undefined) => v ?? '';

export function BusinessProfileSection({ merchant, merchantId }: { merchant: ShopProfileWire; merchantId: string | null }) {
  const [flash, show] = useFlash();
  const form = useZodForm(updateBusinessProfileInput, {
    defaultValues: {
      merchantId: merchantId ?? '',
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
    },
  });
  const { errors } = form.formState;
  const save = trpc.merchants.updateBusinessProfile.useMutation({
    meta: { invalidates: SHOP_QUERIES },
    onSuccess: () => show('success', 'Business profile updated successfully.'),
    onError: serverErrorsTo(form, 'Failed to update business profile. Please try again.'),
  });
  const onSubmit = form.handleSubmit((input) => save.mutate(input));
  const field = (
    name:
      | 'shop_Name'
      | 'shop_Owner'
      | 'official_Email'
      | 'phone'
      | 'Shop_Address'
      | 'City'
      | 'State'
      | 'postalCode'
      | 'latitude'
      | 'longitude'
      | 'description',
  ) => ({
    ...form.register(name),
    error: errors[name]?.message,
  });

  return (
    <Card id="business-profile">
      <CardHeader title="Business Profile" description="What customers see on your salon page." />
      <Banner flash={flash} testId="profile-banner" />
      <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        <FormError message={errors.root?.server?.message} className="sm:col-span-2" />
        <Input id="settings-shop-name" label="Business name" required {...field('shop_Name')} />
        <Input id="settings-owner" label="Owner name" required {...field('shop_Owner')} />
        <Input id="settings-email" label="Official email" type="email" {...field('official_Email')} />
        <Input id="settings-phone" label="Phone" type="tel" inputMode="numeric" maxLength={10} {...field('phone')} />
        <Input id="settings-address" label="Address" required {...field('Shop_Address')} containerClassName="sm:col-span-2" />
        <Input id="settings-city" label="City" required {...field('City')} />
        <Input id="settings-state" label="State" required {...field('State')} />
        <Input id="settings-pin" label="PIN code" inputMode="numeric" maxLength={6} {...field('postalCode')} />
        <div className="grid grid-cols-2 gap-3">
          <Input id="settings-lat" label="Latitude" inputMode="decimal" {...field('latitude')} />
          <Input id="settings-lng" label="Longitude" inputMode="decimal" {...field('longitude')} />
        </div>
        <Textarea
          id="settings-description"
          label="Description"
          rows={4}
          {...field('description')}
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
  const [flash, show] = useFlash();
  const form = useZodForm(updateBusinessHoursInput, {
    defaultValues: { merchantId: merchantId ?? '', openingHours: merchant.openingHours.map((d) => ({ ...d })) },
  });
  const { errors } = form.formState;
  const days = form.watch('openingHours');
  const enabled = (i: number) => days[i]?.enabled === true;
  /** The hours the server refused to save unasked (its 409) and the upcoming bookings they leave uncovered: the dialog asks what to do. */
  const [asked, setAsked] = useState<{ input: z.output<typeof updateBusinessHoursInput>; clashes: HoursClash[]; changed: boolean } | null>(
    null,
  );
  const [deciding, setDeciding] = useState<HoursDecision | null>(null);
  const save = trpc.merchants.updateBusinessHours.useMutation({
    // Cancelled bookings leave the desk's lists and calendar: the whole salon's queries, the settings among them.
    meta: { successToast: answerMessage, invalidates: ['merchants'] },
    onSuccess: (answer) => {
      setAsked(null);
      show('success', answer.message);
    },
  });
  const failed = serverErrorsTo(form, 'Failed to update business hours. Please try again.');

  const onSave = form.handleSubmit((input) =>
    save.mutate(input, {
      onError: (err) => {
        const clashes = errorClashes(err);
        if (!clashes.length) return failed(err);
        setAsked({ input, clashes, changed: false });
      },
    }),
  );

  const onDecide = (decision: HoursDecision, reason: string | undefined, dialogFailed: (error: unknown) => void) => {
    if (!asked) return;
    const { input, clashes } = asked;
    setDeciding(decision);
    save.mutate(
      { ...input, decision, bookingIds: clashes.map((c) => c.bookingId), cancellationReason: reason },
      {
        onError: (err) => {
          const uncovered = errorClashes(err);
          // A booking was made in these hours since the list was shown: decide again on the whole list.
          if (uncovered.length) setAsked({ input, clashes: uncovered, changed: true });
          else dialogFailed(err);
        },
        onSettled: () => setDeciding(null),
      },
    );
  };

  return (
    <Card id="business-hours">
      <CardHeader title="Business Hours" description="Customers can book only while you are open." />
      <Banner flash={flash} testId="hours-banner" />
      <form noValidate onSubmit={onSave}>
        <FormError
          message={errors.root?.server?.message ?? errors.openingHours?.message ?? errors.openingHours?.root?.message}
          className="mb-4"
        />
        <ul className="divide-y divide-blush-100">
          {merchant.openingHours.map(({ name }, i) => (
            <li key={name} className="grid grid-cols-2 items-center gap-2 py-2.5 sm:grid-cols-[10rem_1fr_1fr]">
              <Checkbox id={`hours-${name}`} label={name} {...form.register(`openingHours.${i}.enabled`)} />
              <span className="text-right text-xs text-ink-500 sm:hidden">{enabled(i) ? '' : 'Closed'}</span>
              <Input
                id={`hours-${name}-open`}
                label={`${name} opens`}
                hideLabel
                type="time"
                {...form.register(`openingHours.${i}.openTime`)}
                disabled={!enabled(i)}
                error={errors.openingHours?.[i]?.openTime?.message}
              />
              <Input
                id={`hours-${name}-close`}
                label={`${name} closes`}
                hideLabel
                type="time"
                {...form.register(`openingHours.${i}.closeTime`)}
                disabled={!enabled(i)}
                error={errors.openingHours?.[i]?.closeTime?.message}
              />
            </li>
          ))}
        </ul>
        <Button type="submit" className="mt-4" loading={save.isPending && !deciding} loadingText="Saving..." data-testid="save-hours">
          Save Hours
        </Button>
      </form>
      {/* Mounted while it asks: each time starts with an empty reason. */}
      {asked && (
        <HoursClashesDialog
          clashes={asked.clashes}
          busy={deciding}
          changed={asked.changed}
          onDecide={onDecide}
          onClose={() => setAsked(null)}
        />
      )}
    </Card>
  );
}

export function NotificationsSection({ merchant, merchantId }: { merchant: ShopProfileWire; merchantId: string | null }) {
  const [flash, show] = useFlash();
  const form = useZodForm(updateNotificationSettingsInput, {
    defaultValues: { merchantId: merchantId ?? '', preferences: merchant.notificationSettings.map(({ id, enabled }) => ({ id, enabled })) },
  });
  const { errors } = form.formState;
  const save = trpc.merchants.updateNotificationSettings.useMutation({
    meta: { invalidates: SHOP_QUERIES },
    onSuccess: () => show('success', 'Notification settings updated successfully.'),
    onError: serverErrorsTo(form, 'Failed to update notification settings. Please try again.'),
  });
  const onSave = form.handleSubmit((input) => save.mutate(input));

  return (
    <Card id="notifications">
      <CardHeader title="Notifications" description="Choose what we tell you about." />
      <Banner flash={flash} testId="notifications-banner" />
      <form noValidate onSubmit={onSave}>
        <FormError message={errors.root?.server?.message ?? errors.preferences?.message} className="mb-4" />
        <ul className="flex flex-col gap-4">
          {merchant.notificationSettings.map((p, i) => (
            <li key={p.id}>
              <Checkbox id={`notify-${p.id}`} label={p.name} description={p.description} {...form.register(`preferences.${i}.enabled`)} />
            </li>
          ))}
        </ul>
        <Button type="submit" className="mt-5" loading={save.isPending} loadingText="Saving..." data-testid="save-notifications">
          Save Preferences
        </Button>
      </form>
    </Card>
  );
}

const NO_PASSWORDS = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function SecuritySection() {
  const [flash, show] = useFlash();
  const form = useZodForm(changePasswordForm, { defaultValues: NO_PASSWORDS });
  const { errors } = form.formState;
  const change = trpc.users.changePassword.useMutation({
    onSuccess: (answer) => {
      // Changing the password revokes older tokens; keep this device signed in with the new one.
      const session = getSession();
      if (session.user) saveSession({ token: answer.token, user: session.user, userType: session.userType ?? session.user.userType });
      form.reset(NO_PASSWORDS);
      show('success', 'Password updated successfully.');
    },
    onError: serverErrorsTo(form, 'Failed to update password. Please try again.'),
  });
  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) => change.mutate({ currentPassword, newPassword }));

  return (
    <Card id="security">
      <CardHeader title="Security" description="Change the password you sign in with." />
      <Banner flash={flash} testId="security-banner" />
      <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:max-w-md">
        <FormError message={errors.root?.server?.message} />
        <Input
          id="current-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          {...form.register('currentPassword')}
          error={errors.currentPassword?.message}
        />
        <Input
          id="new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 8 characters with a letter and a digit."
          {...form.register('newPassword')}
          error={errors.newPassword?.message}
        />
        <Input
          id="confirm-password"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          {...form.register('confirmPassword')}
          error={errors.confirmPassword?.message}
        />
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
  const utils = trpc.useUtils();
  const profile = trpc.users.profile.useQuery();
  const user = profile.data?.user;
  const refresh = () => utils.users.profile.invalidate();
  return (
    <Card id="whatsapp-sign-in">
      <CardHeader
        title="Sign-in by WhatsApp"
        description="The mobile number registered with your account. A code sent to it signs you in once the number is verified."
      />
      {profile.isError ? (
        <p className="text-sm text-red-700">Could not load your account. Please reload the page.</p>
      ) : !user ? (
        <p className="text-sm text-ink-500">Loading…</p>
      ) : user.phone ? (
        <PhoneVerification key={user.phone ?? ''} phone={user.phone} verified={user.phoneVerified === true} onVerified={refresh} />
      ) : (
        <p className="text-sm text-ink-600">No mobile number is registered with your account; sign in with your e-mail and password.</p>
      )}
    </Card>
  );
}
