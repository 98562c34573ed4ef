import { type CouponWire, createCouponInput } from '../../../shared/schemas/coupons';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { Select } from '../../components/ui/Select';
import { Textarea } from '../../components/ui/Textarea';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { trpc } from '../../trpc';
import { revealOnMount } from './reveal';

const EMPTY = {
  code: '',
  description: '',
  discountType: 'percentage' as CouponWire['discountType'],
  discountValue: '',
  minAmount: '0',
  maxDiscount: '',
  validFrom: '',
  validUntil: '',
  usageLimit: '',
  active: true,
};

const str = (v: number | string | null) => (v === null ? '' : String(v));

function fromCoupon(c: CouponWire): typeof EMPTY {
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

/**
 * Whose coupon the form makes: the platform's (an admin; valid at every salon, sent without a
 * merchantId) or a salon's (its owner, or an admin managing that salon: `merchantId`).
 */
export type CouponOwner = { kind: 'platform' } | { kind: 'salon'; merchantId: string | null };

/** How each kind of coupon reads in the form. */
const WORDS: Record<CouponOwner['kind'], { noun: string; where: string }> = {
  platform: { noun: 'Platform Coupon', where: 'at every salon' },
  salon: { noun: 'Coupon', where: 'at this salon' },
};

/**
 * Create or edit a coupon: the one form of the admin's Platform Coupons and the salon's Coupons
 * screens, their differences in `owner`. The screen mounts it while it is open, so each opening
 * starts from `editing`.
 */
export function CouponFormModal({ editing, owner, onClose }: { editing: CouponWire | null; owner: CouponOwner; onClose: () => void }) {
  const merchantId = owner.kind === 'salon' ? owner.merchantId : null;
  const words = WORDS[owner.kind];
  const form = useZodForm(createCouponInput, {
    defaultValues: { ...(editing ? fromCoupon(editing) : EMPTY), merchantId: merchantId ?? '' },
  });
  const { errors } = form.formState;
  const failed = serverErrorsTo(form, 'Failed to save coupon. Please try again.');
  const create = trpc.Coupons.createCoupon.useMutation({
    meta: { successToast: 'Coupon created successfully.', invalidates: ['Coupons.getAllCoupons'] },
    onSuccess: onClose,
    onError: failed,
  });
  const update = trpc.Coupons.updateCoupon.useMutation({
    meta: { successToast: 'Coupon updated successfully.', invalidates: ['Coupons.getAllCoupons'] },
    onSuccess: onClose,
    onError: failed,
  });

  const onSubmit = form.handleSubmit((v) => {
    // Cleared optional fields are sent as null so an edit can remove a limit or a date.
    const body = {
      ...v,
      maxDiscount: v.maxDiscount ?? null,
      validFrom: v.validFrom ?? null,
      validUntil: v.validUntil ?? null,
      usageLimit: v.usageLimit ?? null,
      expiryDate: undefined,
    };
    if (editing) update.mutate({ ...body, couponId: editing._id });
    else create.mutate(body);
  });

  const busy = create.isPending || update.isPending;
  const [discountType, validFrom] = form.watch(['discountType', 'validFrom']);
  const serverError = errors.root?.server?.message;

  return (
    <Modal
      open
      onClose={onClose}
      title={`${editing ? 'Edit' : 'Create'} ${words.noun}`}
      size="lg"
      testId="coupon-modal"
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="coupon-form" loading={busy} loadingText="Saving..." data-testid="coupon-save">
            {`${editing ? 'Update' : 'Create'} ${words.noun}`}
          </Button>
        </>
      }
    >
      <form id="coupon-form" noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        {serverError && (
          <p
            key={serverError}
            ref={revealOnMount}
            role="alert"
            data-testid="coupon-form-error"
            className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-700 sm:col-span-2"
          >
            {serverError}
          </p>
        )}
        <Input
          id="coupon-code"
          label="Code"
          required
          className="uppercase"
          {...form.register('code')}
          error={errors.code?.message}
          hint="3 to 30 letters, digits, - or _."
        />
        <Select
          id="coupon-type"
          label="Discount type"
          required
          options={[
            { value: 'percentage', label: 'Percentage (%)' },
            { value: 'flat', label: 'Flat (₹)' },
          ]}
          {...form.register('discountType')}
          error={errors.discountType?.message}
        />
        <Textarea
          id="coupon-description"
          label="Description"
          rows={2}
          {...form.register('description')}
          error={errors.description?.message}
          containerClassName="sm:col-span-2"
        />
        <Input
          id="coupon-value"
          label={discountType === 'flat' ? 'Discount value (₹)' : 'Discount value (%)'}
          type="number"
          min={0}
          step="0.01"
          required
          {...form.register('discountValue')}
          error={errors.discountValue?.message}
        />
        <Input
          id="coupon-min"
          label="Minimum booking amount (₹)"
          type="number"
          min={0}
          step="0.01"
          {...form.register('minAmount')}
          error={errors.minAmount?.message}
        />
        <Input
          id="coupon-max"
          label="Maximum discount (₹)"
          type="number"
          min={0}
          step="0.01"
          {...form.register('maxDiscount')}
          error={errors.maxDiscount?.message}
          hint="Leave blank for no cap."
        />
        <Input
          id="coupon-limit"
          label="Usage limit"
          type="number"
          min={1}
          step="1"
          {...form.register('usageLimit')}
          error={errors.usageLimit?.message}
          hint="Leave blank for unlimited uses."
        />
        <Input id="coupon-from" label="Valid from" type="date" {...form.register('validFrom')} error={errors.validFrom?.message} />
        <Input
          id="coupon-until"
          label="Valid until"
          type="date"
          {...form.register('validUntil')}
          error={errors.validUntil?.message}
          min={(validFrom as string) || undefined}
        />
        <Checkbox
          id="coupon-active"
          label="Active"
          description={`Customers can use the code ${words.where} while it is active and valid.`}
          {...form.register('active')}
        />
      </form>
    </Modal>
  );
}
