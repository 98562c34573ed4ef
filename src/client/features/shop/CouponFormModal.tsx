import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createCouponInput, type CouponWire } from '../../../shared/schemas/coupons';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { Select } from '../../components/ui/Select';
import { Textarea } from '../../components/ui/Textarea';
import { toast } from '../../components/ui/Toast';
import { errorMessage, useTRPC, readableMessage } from '../../trpc';
import { revealOnMount } from './reveal';

interface FormState {
  code: string;
  description: string;
  discountType: 'flat' | 'percentage';
  discountValue: string;
  minAmount: string;
  maxDiscount: string;
  validFrom: string;
  validUntil: string;
  usageLimit: string;
  active: boolean;
}

const EMPTY: FormState = {
  code: '',
  description: '',
  discountType: 'percentage',
  discountValue: '',
  minAmount: '0',
  maxDiscount: '',
  validFrom: '',
  validUntil: '',
  usageLimit: '',
  active: true,
};

const str = (v: number | string | null) => (v === null ? '' : String(v));

function fromCoupon(c: CouponWire): FormState {
  return {
    code: c.code,
    description: c.description,
    discountType: c.discountType,
    discountValue: str(c.discountValue),
    minAmount: str(c.minAmount),
    maxDiscount: str(c.maxDiscount),
    validFrom: c.validFrom ?? '',
    validUntil: c.validUntil ?? '',
    usageLimit: str(c.usageLimit),
    active: c.active,
  };
}

export function CouponFormModal({ open, editing, merchantId, onClose }: { open: boolean; editing: CouponWire | null; merchantId: string | null; onClose: () => void }) {
  const [form, setForm] = useState<FormState>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.Coupons.createCoupon.mutationOptions());
  const update = useMutation(trpc.Coupons.updateCoupon.mutationOptions());

  useEffect(() => {
    if (!open) return;
    setForm(editing ? fromCoupon(editing) : EMPTY);
    setError(null);
  }, [open, editing]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createCouponInput.safeParse({ ...form, merchantId: merchantId ?? undefined });
    if (!parsed.success) {
      setError(readableMessage(parsed.error.issues[0].message));
      return;
    }
    setError(null);
    // Cleared optional fields are sent as null so an edit can remove a limit or a date.
    const v = parsed.data;
    const body = {
      ...v,
      maxDiscount: v.maxDiscount ?? null,
      validFrom: v.validFrom ?? null,
      validUntil: v.validUntil ?? null,
      usageLimit: v.usageLimit ?? null,
      expiryDate: undefined,
    };
    try {
      if (editing) {
        await update.mutateAsync({ ...body, couponId: editing._id });
        toast.success('Coupon updated successfully.');
      } else {
        await create.mutateAsync(body);
        toast.success('Coupon created successfully.');
      }
      await queryClient.invalidateQueries({ queryKey: trpc.Coupons.getAllCoupons.queryKey() });
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Failed to save coupon. Please try again.'));
    }
  };

  const busy = create.isPending || update.isPending;

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={editing ? 'Edit Coupon' : 'Create Coupon'}
      size="lg"
      testId="coupon-modal"
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="coupon-form" loading={busy} loadingText="Saving..." data-testid="coupon-save">
            {editing ? 'Update Coupon' : 'Create Coupon'}
          </Button>
        </>
      }
    >
      <form id="coupon-form" noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        {error && (
          <p key={error} ref={revealOnMount} role="alert" data-testid="coupon-form-error" className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-700 sm:col-span-2">
            {error}
          </p>
        )}
        <Input id="coupon-code" label="Code" required value={form.code} onChange={(e) => set('code', e.target.value.toUpperCase())} hint="3 to 30 letters, digits, - or _." />
        <Select
          id="coupon-type"
          label="Discount type"
          required
          options={[
            { value: 'percentage', label: 'Percentage (%)' },
            { value: 'flat', label: 'Flat (₹)' },
          ]}
          value={form.discountType}
          onChange={(e) => set('discountType', e.target.value as FormState['discountType'])}
        />
        <Textarea id="coupon-description" label="Description" rows={2} value={form.description} onChange={(e) => set('description', e.target.value)} containerClassName="sm:col-span-2" />
        <Input
          id="coupon-value"
          label={form.discountType === 'flat' ? 'Discount value (₹)' : 'Discount value (%)'}
          type="number"
          min={0}
          step="0.01"
          required
          value={form.discountValue}
          onChange={(e) => set('discountValue', e.target.value)}
        />
        <Input id="coupon-min" label="Minimum booking amount (₹)" type="number" min={0} step="0.01" value={form.minAmount} onChange={(e) => set('minAmount', e.target.value)} />
        <Input id="coupon-max" label="Maximum discount (₹)" type="number" min={0} step="0.01" value={form.maxDiscount} onChange={(e) => set('maxDiscount', e.target.value)} hint="Leave blank for no cap." />
        <Input id="coupon-limit" label="Usage limit" type="number" min={1} step="1" value={form.usageLimit} onChange={(e) => set('usageLimit', e.target.value)} hint="Leave blank for unlimited uses." />
        <Input id="coupon-from" label="Valid from" type="date" value={form.validFrom} onChange={(e) => set('validFrom', e.target.value)} />
        <Input id="coupon-until" label="Valid until" type="date" value={form.validUntil} min={form.validFrom || undefined} onChange={(e) => set('validUntil', e.target.value)} />
        <Checkbox id="coupon-active" label="Active" description="Customers can use the code while it is active and valid." checked={form.active} onChange={(e) => set('active', e.target.checked)} />
      </form>
    </Modal>
  );
}
