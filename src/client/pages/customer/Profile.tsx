import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { updateProfileInput } from '../../../shared/schemas/wallet';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Avatar } from '../../components/ui/Avatar';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { LoadError } from '../../components/ui/EmptyState';
import { Input } from '../../components/ui/Input';
import { SkeletonText } from '../../components/ui/Skeleton';
import { toast } from '../../components/ui/Toast';
import { PhoneVerification } from '../../features/auth/PhoneVerification';
import { readFileAsDataUrl } from '../../features/shop/api';
import { usePageTitle } from '../../lib/usePageTitle';
import { updateStoredUser } from '../../state/session';
import { errorMessage, useTRPC, readableMessage } from '../../trpc';

type Form = { firstName: string; lastName: string; phone: string };
type Errors = Partial<Record<keyof Form, string>>;

export default function Profile() {
  usePageTitle('My Profile');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const profile = useQuery(trpc.users.profile.queryOptions());
  const save = useMutation(trpc.users.updateProfile.mutationOptions());
  const upload = useMutation(trpc.images.uploadAvatar.mutationOptions());
  const user = profile.data?.user;
  const [form, setForm] = useState<Form>({ firstName: '', lastName: '', phone: '' });
  const [errors, setErrors] = useState<Errors>({});
  const fileRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (user) setForm({ firstName: user.firstName, lastName: user.lastName, phone: user.phone ?? '' });
  }, [user]);

  const refresh = async () => {
    const fresh = await queryClient.fetchQuery({ ...trpc.users.profile.queryOptions(), staleTime: 0 });
    updateStoredUser(fresh.user);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateProfileInput.safeParse(form);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Form] ??= readableMessage(issue.message);
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const r = await save.mutateAsync(parsed.data);
      toast.success(r.message);
      await refresh();
    } catch (err) {
      toast.error(errorMessage(err, 'Could not save your profile.'));
    }
  };

  const onPhoto = async (file: File | undefined) => {
    if (!file) return;
    try {
      await upload.mutateAsync({ fileName: file.name, dataUrl: await readFileAsDataUrl(file) });
      toast.success('Photo updated');
      await refresh();
    } catch (err) {
      toast.error(errorMessage(err, 'Could not upload the photo.'));
    }
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
            <input ref={fileRef} type="file" accept="image/jpeg,image/png,image/webp" className="sr-only" tabIndex={-1} aria-label="Profile photo" data-testid="avatar-file" onChange={(e) => void onPhoto(e.target.files?.[0])} />
            <Button variant="outline" size="sm" className="mt-4" loading={upload.isPending} loadingText="Uploading…" onClick={() => fileRef.current?.click()}>
              Change photo
            </Button>
            <p className="mt-2 text-xs text-ink-500">JPEG, PNG or WebP, up to 10 MB.</p>
          </Card>
          <Card>
            <CardHeader title="Personal details" />
            <form noValidate onSubmit={submit} className="grid gap-4" data-testid="profile-form">
              <div className="grid gap-4 sm:grid-cols-2">
                <Input id="profile-first" label="First name" required value={form.firstName} error={errors.firstName} onChange={(e) => setForm({ ...form, firstName: e.target.value })} />
                <Input id="profile-last" label="Last name" value={form.lastName} error={errors.lastName} onChange={(e) => setForm({ ...form, lastName: e.target.value })} />
              </div>
              <Input id="profile-email" label="E-mail" value={user.email} disabled hint="Your sign-in address; it cannot be changed here." />
              <Input
                id="profile-phone"
                label="Mobile number"
                inputMode="numeric"
                placeholder="98765 43210"
                value={form.phone}
                error={errors.phone}
                hint="10-digit Indian mobile number, for salon contact. A new number needs verifying before it can sign you in."
                onChange={(e) => setForm({ ...form, phone: e.target.value })}
              />
              <div>
                <Button type="submit" loading={save.isPending} loadingText="Saving…" data-testid="profile-save">
                  Save changes
                </Button>
              </div>
            </form>
            <div className="mt-4">
              <PhoneVerification phone={user.phone} verified={user.phoneVerified === true} onVerified={refresh} />
            </div>
          </Card>
        </div>
      )}
    </PageContainer>
  );
}
