import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { STAFF_ROLES, STAFF_STATUSES, addStaffInput, type StaffWire } from '../../../shared/schemas/staff';
import { Avatar } from '../../components/ui/Avatar';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { Select } from '../../components/ui/Select';
import { toast } from '../../components/ui/Toast';
import { errorMessage, useTRPC, readableMessage } from '../../trpc';
import { revealOnMount } from './reveal';
import { MB, uploadImage } from './api';

interface FormState {
  name: string;
  email: string;
  phone: string;
  role: string;
  rate: string;
  status: (typeof STAFF_STATUSES)[number];
  avatar: string;
  specialization: string[];
}

const EMPTY: FormState = { name: '', email: '', phone: '', role: '', rate: '0', status: 'Active', avatar: '', specialization: [] };

function fromStaff(s: StaffWire): FormState {
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

export const AVATAR_MAX_BYTES = 5 * MB;

/** The spec's staff form checks, in its order; null when the form may be sent. */
export function staffFormProblem(form: FormState, isNew: boolean): string | null {
  if (!form.name.trim() || !form.email.trim() || !form.phone.trim()) return 'Please fill in all required fields.';
  if (!form.role) return 'Staff role is required.';
  if (isNew && !form.avatar) return 'Please upload a profile picture.';
  if (form.specialization.length === 0) return 'Please add at least one specialization.';
  const parsed = addStaffInput.safeParse({ ...form, avatar: form.avatar || undefined });
  return parsed.success ? null : readableMessage(parsed.error.issues[0].message);
}

export interface StaffFormModalProps {
  open: boolean;
  onClose: () => void;
  merchantId: string | null;
  editing: StaffWire | null;
  /** Names offered when adding a specialization: the shop's services and categories. */
  suggestions: string[];
}

export function StaffFormModal({ open, onClose, merchantId, editing, suggestions }: StaffFormModalProps) {
  const [form, setForm] = useState<FormState>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [specEditor, setSpecEditor] = useState<{ open: boolean; index: number | null }>({ open: false, index: null });
  const fileRef = useRef<HTMLInputElement>(null);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const add = useMutation(trpc.merchants.addStaffByMerchant.mutationOptions());
  const update = useMutation(trpc.merchants.updateStaffByMerchant.mutationOptions());

  useEffect(() => {
    if (!open) return;
    setForm(editing ? fromStaff(editing) : EMPTY);
    setError(null);
    setSpecEditor({ open: false, index: null });
  }, [open, editing]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > AVATAR_MAX_BYTES) {
      setError('File must be less than 5MB.');
      return;
    }
    setError(null);
    setUploading(true);
    try {
      // No staffId: the picture becomes the avatar only when the form is saved.
      const answer = await uploadImage({ file, kind: 'staff', merchantId });
      set('avatar', answer.url);
    } catch (err) {
      setError(errorMessage(err, 'Image upload failed.'));
    } finally {
      setUploading(false);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = staffFormProblem(form, !editing);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    const payload = {
      merchantId: merchantId ?? undefined,
      name: form.name,
      email: form.email,
      phone: form.phone,
      role: form.role as (typeof STAFF_ROLES)[number],
      rate: form.rate === '' ? 0 : Number(form.rate),
      status: form.status,
      avatar: form.avatar || undefined,
      specialization: form.specialization,
    };
    try {
      if (editing) {
        await update.mutateAsync({ ...payload, staffId: editing._id });
        toast.success('Staff member updated successfully');
      } else {
        await add.mutateAsync(payload);
        toast.success('Staff member added successfully');
      }
      await queryClient.invalidateQueries({ queryKey: trpc.merchants.getAllStaffByMerchant.queryKey() });
      onClose();
    } catch (err) {
      setError(errorMessage(err, editing ? 'Failed to update staff member. Please try again.' : 'Failed to add staff member. Please try again.'));
    }
  };

  const saveSpecialization = (name: string) => {
    setForm((f) => {
      const list = [...f.specialization];
      if (specEditor.index === null) list.push(name);
      else list[specEditor.index] = name;
      const seen = new Set<string>();
      return { ...f, specialization: list.filter((s) => (seen.has(s.toLowerCase()) ? false : (seen.add(s.toLowerCase()), true))) };
    });
    setSpecEditor({ open: false, index: null });
  };

  const busy = add.isPending || update.isPending;

  return (
    <>
      <Modal
        open={open && !specEditor.open}
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
          {error && (
            <p key={error} ref={revealOnMount} role="alert" data-testid="staff-form-error" className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-700 sm:col-span-2">
              {error}
            </p>
          )}
          <div className="flex items-center gap-4 sm:col-span-2">
            <Avatar src={form.avatar || null} name={form.name || 'Staff'} size="xl" />
            <div>
              <p className="text-sm font-medium text-ink-700">
                Profile picture{!editing && <span className="ml-0.5 text-rose-600" aria-hidden="true">*</span>}
              </p>
              <p className="text-xs text-ink-500">JPG or PNG, at most 5MB.</p>
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
              <Button variant="outline" size="sm" className="mt-2" loading={uploading} loadingText="Uploading..." onClick={() => fileRef.current?.click()}>
                {form.avatar ? 'Change picture' : 'Upload picture'}
              </Button>
            </div>
          </div>
          <Input id="staff-name" label="Name" required value={form.name} onChange={(e) => set('name', e.target.value)} />
          <Input id="staff-email" label="Email" type="email" required value={form.email} onChange={(e) => set('email', e.target.value)} />
          <Input id="staff-phone" label="Phone" type="tel" inputMode="numeric" maxLength={10} required value={form.phone} onChange={(e) => set('phone', e.target.value)} />
          <Select
            id="staff-role"
            label="Staff Role"
            required
            placeholder="Select a role"
            options={STAFF_ROLES.map((r) => ({ value: r, label: r }))}
            value={form.role}
            onChange={(e) => set('role', e.target.value)}
          />
          <Input id="staff-rate" label="Rate per service (₹)" type="number" min={0} step="1" inputMode="decimal" value={form.rate} onChange={(e) => set('rate', e.target.value)} />
          <Select
            id="staff-status"
            label="Status"
            required
            options={STAFF_STATUSES.map((s) => ({ value: s, label: s }))}
            value={form.status}
            onChange={(e) => set('status', e.target.value as FormState['status'])}
          />
          <fieldset className="sm:col-span-2">
            <legend className="mb-1.5 text-sm font-medium text-ink-700">
              Services (specializations)<span className="ml-0.5 text-rose-600" aria-hidden="true">*</span>
            </legend>
            {form.specialization.length === 0 ? (
              <p className="text-sm text-ink-500">No specialization added yet</p>
            ) : (
              <ul className="flex flex-wrap gap-2" data-testid="staff-specializations">
                {form.specialization.map((name, index) => (
                  <li key={name} className="inline-flex items-center gap-1 rounded-full bg-plum-50 py-1 pr-1 pl-3 text-sm text-plum-800 ring-1 ring-plum-200">
                    <button type="button" className="hover:underline" onClick={() => setSpecEditor({ open: true, index })} aria-label={`Edit ${name}`}>
                      {name}
                    </button>
                    <button
                      type="button"
                      className="rounded-full p-1 text-plum-600 hover:bg-plum-100"
                      aria-label={`Remove ${name}`}
                      onClick={() => set('specialization', form.specialization.filter((_, i) => i !== index))}
                    >
                      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-3">
                        <path fill="currentColor" d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4z" />
                      </svg>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => setSpecEditor({ open: true, index: null })} data-testid="add-specialization">
              Add Service
            </Button>
          </fieldset>
        </form>
      </Modal>
      <SpecializationModal
        open={open && specEditor.open}
        initial={specEditor.index === null ? '' : (form.specialization[specEditor.index] ?? '')}
        isEdit={specEditor.index !== null}
        suggestions={suggestions}
        onSave={saveSpecialization}
        onClose={() => setSpecEditor({ open: false, index: null })}
      />
    </>
  );
}

function SpecializationModal({
  open,
  initial,
  isEdit,
  suggestions,
  onSave,
  onClose,
}: {
  open: boolean;
  initial: string;
  isEdit: boolean;
  suggestions: string[];
  onSave: (name: string) => void;
  onClose: () => void;
}) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const listId = useId();
  useEffect(() => {
    if (open) {
      setValue(initial);
      setError(undefined);
    }
  }, [open, initial]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const name = value.trim();
    if (!name) {
      setError('Service name is required.');
      return;
    }
    onSave(name);
  };

  return (
    <Modal
      open={open}
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
          value={value}
          error={error}
          hint="A service or category this staff member performs."
          onChange={(e) => setValue(e.target.value)}
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
