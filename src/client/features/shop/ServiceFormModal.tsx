import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serviceFormSchema, type SelectedCategoryWire, type ServiceWire } from '../../../shared/schemas/shop';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { Select } from '../../components/ui/Select';
import { Textarea } from '../../components/ui/Textarea';
import { toast } from '../../components/ui/Toast';
import { errorMessage, useTRPC } from '../../trpc';
import { revealOnMount } from './reveal';

interface FormState {
  name: string;
  category: string;
  description: string;
  duration: string;
  price: string;
  discountType: '' | 'flat' | 'percentage';
  discountValue: string;
  isDiscountActive: boolean;
  active: boolean;
}

const EMPTY: FormState = {
  name: '',
  category: '',
  description: '',
  duration: '',
  price: '',
  discountType: '',
  discountValue: '',
  isDiscountActive: false,
  active: true,
};

function fromService(s: ServiceWire): FormState {
  return {
    name: s.name,
    category: s.category ?? '',
    description: s.description,
    duration: String(s.duration),
    price: String(s.price),
    discountType: s.discountType ?? '',
    discountValue: s.discountValue ? String(s.discountValue) : '',
    isDiscountActive: s.isDiscountActive,
    active: s.active,
  };
}

const REQUIRED_FIELDS = new Set(['name', 'category', 'description', 'duration', 'price']);
export const REQUIRED_MESSAGE = 'Please fill out all required fields correctly.';

/**
 * The spec's form message: any missing or wrong required field gives the one general text; the
 * discount rules have their own texts; anything else shows the schema's message.
 */
export function validateServiceForm(form: FormState) {
  const requiredMissing =
    !form.name.trim() || !form.category || !form.description.trim() || !(Number(form.duration) > 0) || !(Number(form.price) > 0);
  if (requiredMissing) return { ok: false as const, message: REQUIRED_MESSAGE };
  const withDiscount = form.discountType !== '';
  const parsed = serviceFormSchema.safeParse({
    ...form,
    discountType: withDiscount ? form.discountType : undefined,
    discountValue: withDiscount ? form.discountValue : '',
    isDiscountActive: withDiscount && form.isDiscountActive,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue.path[0] ?? '');
    return { ok: false as const, message: REQUIRED_FIELDS.has(field) && field !== 'duration' ? REQUIRED_MESSAGE : issue.message };
  }
  return { ok: true as const, data: parsed.data };
}

export interface ServiceFormModalProps {
  open: boolean;
  onClose: () => void;
  merchantId: string | null;
  categories: SelectedCategoryWire[];
  editing: ServiceWire | null;
}

export function ServiceFormModal({ open, onClose, merchantId, categories, editing }: ServiceFormModalProps) {
  const [form, setForm] = useState<FormState>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.services.createService.mutationOptions());
  const update = useMutation(trpc.services.updateService.mutationOptions());

  useEffect(() => {
    if (!open) return;
    setForm(editing ? fromService(editing) : { ...EMPTY, category: categories.length === 1 ? categories[0]._id : '' });
    setError(null);
  }, [open, editing, categories]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validateServiceForm(form);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    const service = { ...result.data, category: form.category };
    try {
      if (editing) {
        await update.mutateAsync({
          merchantId: merchantId ?? undefined,
          selectedCategoryId: form.category,
          serviceId: editing._id,
          service: { ...service, _id: editing._id },
        });
        toast.success('Service updated successfully.');
      } else {
        await create.mutateAsync({ merchantId: merchantId ?? undefined, selectedCategoryId: form.category, service });
        toast.success('Service added successfully.');
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.categories.getMerchantSelectedCategories.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.services.getAllServices.queryKey() }),
      ]);
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Failed to save service.'));
    }
  };

  const busy = create.isPending || update.isPending;
  const discountOn = form.discountType !== '';

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={editing ? 'Edit Service' : 'Add New Service'}
      size="lg"
      testId="service-modal"
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="service-form" loading={busy} loadingText="Saving..." data-testid="service-save">
            {editing ? 'Update Service' : 'Add Service'}
          </Button>
        </>
      }
    >
      <form id="service-form" noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        {error && (
          <p key={error} ref={revealOnMount} role="alert" data-testid="service-form-error" className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-700 sm:col-span-2">
            {error}
          </p>
        )}
        <Input id="service-name" label="Service name" required value={form.name} onChange={(e) => set('name', e.target.value)} containerClassName="sm:col-span-2" />
        <Select
          id="service-category"
          label="Category"
          required
          placeholder={categories.length ? 'Select a category' : 'Add a category first'}
          options={categories.map((c) => ({ value: c._id, label: c.name }))}
          value={form.category}
          onChange={(e) => set('category', e.target.value)}
          containerClassName="sm:col-span-2"
        />
        <Textarea
          id="service-description"
          label="Description"
          required
          rows={3}
          value={form.description}
          onChange={(e) => set('description', e.target.value)}
          containerClassName="sm:col-span-2"
        />
        <Input id="service-duration" label="Duration (minutes)" type="number" min={5} step={5} inputMode="numeric" required value={form.duration} onChange={(e) => set('duration', e.target.value)} />
        <Input id="service-price" label="Price (₹)" type="number" min={0} step="0.01" inputMode="decimal" required value={form.price} onChange={(e) => set('price', e.target.value)} />
        <Select
          id="service-discount-type"
          label="Discount type"
          options={[
            { value: '', label: 'No discount' },
            { value: 'percentage', label: 'Percentage (%)' },
            { value: 'flat', label: 'Flat (₹)' },
          ]}
          value={form.discountType}
          onChange={(e) => set('discountType', e.target.value as FormState['discountType'])}
        />
        <Input
          id="service-discount-value"
          label={form.discountType === 'flat' ? 'Discount value (₹)' : 'Discount value (%)'}
          type="number"
          min={0}
          step="0.01"
          inputMode="decimal"
          disabled={!discountOn}
          value={form.discountValue}
          onChange={(e) => set('discountValue', e.target.value)}
        />
        <Checkbox
          id="service-discount-active"
          label="Discount active"
          description="Customers pay the discounted price while this is on."
          checked={form.isDiscountActive}
          disabled={!discountOn}
          onChange={(e) => set('isDiscountActive', e.target.checked)}
        />
        <Checkbox
          id="service-active"
          label="Service active"
          description="Inactive services are hidden from customers."
          checked={form.active}
          onChange={(e) => set('active', e.target.checked)}
        />
      </form>
    </Modal>
  );
}
