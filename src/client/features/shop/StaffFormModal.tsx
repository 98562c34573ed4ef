import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import {
  addStaffInput,
  newStaffForm,
  STAFF_ROLES,
  STAFF_STATUSES,
  type StaffWire,
  specializationForm,
} from '../../../shared/schemas/staff';
import { Avatar } from '../../components/ui/Avatar';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { Select } from '../../components/ui/Select';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { errorMessage, trpc } from '../../trpc';
import { MB, uploadImage } from './api';
import { revealOnMount } from './reveal';

type StaffValues = DefaultValues<z.input<typeof addStaffInput>>;
const EMPTY: StaffValues = { name: '', email: '', phone: '', rate: '0', status: 'Active', avatar: '', specialization: [] };

function fromStaff(s: StaffWire): StaffValues {
  return {
    name: s.name,
    email: s.email ?? '',
    phone: s.phone ?? '',
    role: s.role,
    rate: String(s.rate),
    status: s.status,
    avatar: s.avatar ?? '',
    specialization: [...s.specialization],
  };
}

const AVATAR_MAX_BYTES = 5 * MB;

export interface StaffFormModalProps {
  onClose: () => void;
  merchantId: string | null;
  editing: StaffWire | null;
  /** Names offered when adding a specialization: the shop's services and categories. */
  suggestions: string[];
}

/** Add or edit a staff member; the owner mounts it while it is open, so each opening starts from `editing`. */
export function StaffFormModal({ onClose, merchantId, editing, suggestions }: StaffFormModalProps) {
  const form = useZodForm(editing ? addStaffInput : newStaffForm, {
    defaultValues: { ...(editing ? fromStaff(editing) : EMPTY), merchantId: merchantId ?? '' },
  });
  const { errors } = form.formState;
  const [uploading, setUploading] = useState(false);
  const [specEditor, setSpecEditor] = useState<{ open: boolean; index: number | null }>({ open: false, index: null });
  const fileRef = useRef<HTMLInputElement>(null);
  const invalidates = ['merchants.getAllStaffByMerchant'] as const;
  const failed = serverErrorsTo(
    form,
    editing ? 'Failed to update staff member. Please try again.' : 'Failed to add staff member. Please try again.',
  );
  const add = trpc.merchants.addStaffByMerchant.useMutation({
    meta: { successToast: 'Staff member added successfully', invalidates },
    onSuccess: onClose,
    onError: failed,
  });
  const update = trpc.merchants.updateStaffByMerchant.useMutation({
    meta: { successToast: 'Staff member updated successfully', invalidates },
    onSuccess: onClose,
    onError: failed,
  });
  const [avatar, name, specialization] = form.watch(['avatar', 'name', 'specialization']) as [string | null | undefined, string, string[]];
  const setSpecialization = (list: string[]) => form.setValue('specialization', list, { shouldValidate: form.formState.isSubmitted });

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > AVATAR_MAX_BYTES) return form.setError('avatar', { type: 'size', message: 'File must be less than 5MB.' });
    form.clearErrors('avatar');
    setUploading(true);
    try {
      // No staffId: the picture becomes the avatar only when the form is saved.
      const answer = await uploadImage({ file, kind: 'staff', merchantId });
      form.setValue('avatar', answer.url, { shouldValidate: form.formState.isSubmitted });
    } catch (err) {
      form.setError('avatar', { type: 'server', message: errorMessage(err, 'Image upload failed.') });
    } finally {
      setUploading(false);
    }
  };

  const onSubmit = form.handleSubmit((data) => {
    if (editing) update.mutate({ ...data, staffId: editing._id });
    else add.mutate(data);
  });

  const saveSpecialization = (name: string) => {
    const list = [...specialization];
    if (specEditor.index === null) list.push(name);
    else list[specEditor.index] = name;
    const seen = new Set<string>();
    setSpecialization(list.filter((s) => (seen.has(s.toLowerCase()) ? false : (seen.add(s.toLowerCase()), true))));
    setSpecEditor({ open: false, index: null });
  };

  const busy = add.isPending || update.isPending;
  const serverError = errors.root?.server?.message;

  return (
    <>
      <Modal
        open={!specEditor.open}
        onClose={onClose}
        title={editing ? 'Edit Staff Member' : 'Add New Staff Member'}
        size="lg"
        testId="staff-modal"
        footer={
          <>
            <Button variant="ghost" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" form="staff-form" loading={busy} loadingText="Saving..." disabled={uploading} data-testid="staff-save">
              {editing ? 'Update' : 'Add'}
            </Button>
          </>
        }
      >
        <form id="staff-form" noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
          {serverError && (
            <p
              key={serverError}
              ref={revealOnMount}
              role="alert"
              data-testid="staff-form-error"
              className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-700 sm:col-span-2"
            >
              {serverError}
            </p>
          )}
          <div className="flex items-center gap-4 sm:col-span-2">
            <Avatar src={avatar || null} name={name || 'Staff'} size="xl" />
            <div>
              <p className="text-sm font-medium text-ink-700">
                Profile picture
                {!editing && (
                  <span className="ml-0.5 text-rose-600" aria-hidden="true">
                    *
                  </span>
                )}
              </p>
              <p className="text-xs text-ink-500">JPG or PNG, at most 5MB.</p>
              {errors.avatar && (
                <p id="staff-avatar-error" role="alert" className="text-xs font-medium text-red-600" data-testid="staff-avatar-error">
                  {errors.avatar.message}
                </p>
              )}
              <input
                ref={fileRef}
                id="staff-avatar-file"
                type="file"
                accept="image/png,image/jpeg,image/webp"
                className="sr-only"
                aria-label="Upload profile picture"
                data-testid="staff-avatar-input"
                onChange={onFile}
              />
              <Button
                variant="outline"
                size="sm"
                className="mt-2"
                loading={uploading}
                loadingText="Uploading..."
                onClick={() => fileRef.current?.click()}
              >
                {avatar ? 'Change picture' : 'Upload picture'}
              </Button>
            </div>
          </div>
          <Input id="staff-name" label="Name" required {...form.register('name')} error={errors.name?.message} />
          <Input id="staff-email" label="Email" type="email" required {...form.register('email')} error={errors.email?.message} />
          <Input
            id="staff-phone"
            label="Phone"
            type="tel"
            inputMode="numeric"
            maxLength={10}
            required
            {...form.register('phone')}
            error={errors.phone?.message}
          />
          <Select
            id="staff-role"
            label="Staff Role"
            required
            placeholder="Select a role"
            options={STAFF_ROLES.map((r) => ({ value: r, label: r }))}
            {...form.register('role')}
            error={errors.role?.message}
          />
          <Input
            id="staff-rate"
            label="Rate per service (₹)"
            type="number"
            min={0}
            step="1"
            inputMode="decimal"
            {...form.register('rate', { setValueAs: (v: string) => (v === '' ? 0 : v) })}
            error={errors.rate?.message}
          />
          <Select
            id="staff-status"
            label="Status"
            required
            options={STAFF_STATUSES.map((s) => ({ value: s, label: s }))}
            {...form.register('status')}
            error={errors.status?.message}
          />
          <fieldset className="sm:col-span-2" aria-describedby={errors.specialization ? 'staff-specialization-error' : undefined}>
            <legend className="mb-1.5 text-sm font-medium text-ink-700">
              Services (specializations)
              <span className="ml-0.5 text-rose-600" aria-hidden="true">
                *
              </span>
            </legend>
            {specialization.length === 0 ? (
              <p className="text-sm text-ink-500">No specialization added yet</p>
            ) : (
              <ul className="flex flex-wrap gap-2" data-testid="staff-specializations">
                {specialization.map((name, index) => (
                  <li
                    key={name}
                    className="inline-flex items-center gap-1 rounded-full bg-plum-50 py-1 pr-1 pl-3 text-sm text-plum-800 ring-1 ring-plum-200"
                  >
                    <button
                      type="button"
                      className="hover:underline"
                      onClick={() => setSpecEditor({ open: true, index })}
                      aria-label={`Edit ${name}`}
                    >
                      {name}
                    </button>
                    <button
                      type="button"
                      className="rounded-full p-1 text-plum-600 hover:bg-plum-100"
                      aria-label={`Remove ${name}`}
                      onClick={() => setSpecialization(specialization.filter((_, i) => i !== index))}
                    >
                      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-3">
                        <path
                          fill="currentColor"
                          d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4z"
                        />
                      </svg>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <Button
              variant="secondary"
              size="sm"
              className="mt-2"
              onClick={() => setSpecEditor({ open: true, index: null })}
              data-testid="add-specialization"
            >
              Add Service
            </Button>
            {errors.specialization && (
              <p id="staff-specialization-error" role="alert" className="mt-1.5 text-xs font-medium text-red-600">
                {errors.specialization.message}
              </p>
            )}
          </fieldset>
        </form>
      </Modal>
      {specEditor.open && (
        <SpecializationModal
          initial={specEditor.index === null ? '' : (specialization[specEditor.index] ?? '')}
          isEdit={specEditor.index !== null}
          suggestions={suggestions}
          onSave={saveSpecialization}
          onClose={() => setSpecEditor({ open: false, index: null })}
        />
      )}
    </>
  );
}

function SpecializationModal({
  initial,
  isEdit,
  suggestions,
  onSave,
  onClose,
}: {
  initial: string;
  isEdit: boolean;
  suggestions: string[];
  onSave: (name: string) => void;
  onClose: () => void;
}) {
  const form = useZodForm(specializationForm, { defaultValues: { name: initial } });
  const listId = useId();
  const save = form.handleSubmit(({ name }) => onSave(name));
  const submit = (event: FormEvent) => {
    // This form sits in a portal inside the staff form's tree: its submit must not reach that form.
    event.stopPropagation();
    return save(event);
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={isEdit ? 'Edit Service' : 'Add Service'}
      size="sm"
      testId="specialization-modal"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="specialization-form" data-testid="specialization-save">
            {isEdit ? 'Update' : 'Add'}
          </Button>
        </>
      }
    >
      <form id="specialization-form" noValidate onSubmit={submit}>
        <Input
          id="specialization-name"
          label="Service name"
          required
          list={listId}
          {...form.register('name')}
          error={form.formState.errors.name?.message}
          hint="A service or category this staff member performs."
          data-autofocus
        />
        <datalist id={listId}>
          {suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      </form>
    </Modal>
  );
}
