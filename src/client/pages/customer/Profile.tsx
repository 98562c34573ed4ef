import { useRef } from 'react';
import { Link } from 'wouter';
import { updateProfileInput } from '../../../shared/schemas/wallet';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Avatar } from '../../components/ui/Avatar';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { LoadError } from '../../components/ui/EmptyState';
import { Input } from '../../components/ui/Input';
import { SkeletonText } from '../../components/ui/Skeleton';
import { PhoneVerification } from '../../features/auth/PhoneVerification';
import { readFileAsDataUrl } from '../../features/shop/api';
import { FormError } from '../../forms/FormError';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { usePageTitle } from '../../lib/usePageTitle';
import { answerMessage } from '../../mutationMeta';
import { updateStoredUser } from '../../state/session';
import { trpc } from '../../trpc';

export default function Profile() {
  usePageTitle('My Profile');
  const utils = trpc.useUtils();
  const profile = trpc.users.profile.useQuery();
  const user = profile.data?.user;
  const form = useZodForm(updateProfileInput, {
    defaultValues: { firstName: '', lastName: '', phone: '' },
    // The saved profile, once loaded and after each save, is what the boxes show.
    values: user ? { firstName: user.firstName, lastName: user.lastName, phone: user.phone ?? '' } : undefined,
  });
  const { errors } = form.formState;
  const fileRef = useRef<HTMLInputElement>(null);

  const refresh = async () => {
    const fresh = await utils.users.profile.fetch(undefined, { staleTime: 0 });
    updateStoredUser(fresh.user);
  };
  const save = trpc.users.updateProfile.useMutation({
    meta: { successToast: answerMessage },
    onSuccess: refresh,
    onError: serverErrorsTo(form, 'Could not save your profile.'),
  });
  const upload = trpc.images.uploadAvatar.useMutation({
    meta: { successToast: 'Photo updated', errorToast: 'Could not upload the photo.' },
    onSuccess: refresh,
  });

  const submit = form.handleSubmit((input) => save.mutate(input));
  const onPhoto = async (file: File | undefined) => {
    if (file) upload.mutate({ fileName: file.name, dataUrl: await readFileAsDataUrl(file) });
  };

  const name = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  return (
    <PageContainer className="max-w-3xl">
      <PageHeader
        title="My Profile"
        description="Your name and number as salons see them on your bookings."
        actions={
          <Link href="/profile/settings" className={buttonClasses('outline', 'sm')}>
            Settings
          </Link>
        }
      />
      {profile.isError ? (
        <LoadError title="Could not load your profile" onRetry={profile.refetch} />
      ) : !user ? (
        <SkeletonText lines={6} />
      ) : (
        <div className="grid gap-6 md:grid-cols-[16rem_1fr]">
          <Card className="flex flex-col items-center text-center">
            <Avatar name={name || user.email} src={user.profileImage ?? undefined} size="lg" />
            <p className="mt-3 font-semibold text-ink-900">{name}</p>
            <p className="text-sm break-all text-ink-500">{user.email}</p>
            <input
              ref={fileRef}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              tabIndex={-1}
              aria-label="Profile photo"
              data-testid="avatar-file"
              onChange={(e) => void onPhoto(e.target.files?.[0])}
            />
            <Button
              variant="outline"
              size="sm"
              className="mt-4"
              loading={upload.isPending}
              loadingText="Uploading…"
              onClick={() => fileRef.current?.click()}
            >
              Change photo
            </Button>
            <p className="mt-2 text-xs text-ink-500">JPEG, PNG or WebP, up to 10 MB.</p>
          </Card>
          <Card>
            <CardHeader title="Personal details" />
            <form noValidate onSubmit={submit} className="grid gap-4" data-testid="profile-form">
              <FormError message={errors.root?.server?.message} />
              <div className="grid gap-4 sm:grid-cols-2">
                <Input id="profile-first" label="First name" required {...form.register('firstName')} error={errors.firstName?.message} />
                <Input id="profile-last" label="Last name" {...form.register('lastName')} error={errors.lastName?.message} />
              </div>
              <Input
                id="profile-email"
                label="E-mail"
                value={user.email}
                disabled
                hint="Your sign-in address; it cannot be changed here."
              />
              <Input
                id="profile-phone"
                label="Mobile number"
                inputMode="numeric"
                placeholder="98765 43210"
                {...form.register('phone')}
                error={errors.phone?.message}
                hint="10-digit Indian mobile number, for salon contact. A new number needs verifying before it can sign you in."
              />
              <div>
                <Button type="submit" loading={save.isPending} loadingText="Saving…" data-testid="profile-save">
                  Save changes
                </Button>
              </div>
            </form>
            <div className="mt-4">
              <PhoneVerification key={user.phone ?? ''} phone={user.phone} verified={user.phoneVerified === true} onVerified={refresh} />
            </div>
          </Card>
        </div>
      )}
    </PageContainer>
  );
}
