import { REBOOK_MAX_WEEKS, REBOOK_MIN_WEEKS } from '../../../shared/rebooking';
import { type SelectedCategoryWire, type ServiceWire, serviceScreenForm } from '../../../shared/schemas/shop';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { Select } from '../../components/ui/Select';
import { Textarea } from '../../components/ui/Textarea';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { trpc } from '../../trpc';
import { ServicePolicyFields, type ServicePolicyValue, useServicePolicyForm } from '../payments/PaymentPolicyForms';
import { revealOnMount } from './reveal';

const EMPTY = {
  name: '',
  category: '',
  description: '',
  duration: '',
  price: '',
  discountType: '' as '' | 'flat' | 'percentage',
  discountValue: '',
  isDiscountActive: false,
  active: true,
  rebookWeeks: null as number | null,
};

/** "Remind to rebook after": off, or every 1 to 52 weeks. */
const REBOOK_OPTIONS = [
  { value: '', label: 'Off' },
  ...Array.from({ length: REBOOK_MAX_WEEKS - REBOOK_MIN_WEEKS + 1 }, (_, i) => {
    const weeks = REBOOK_MIN_WEEKS + i;
    return { value: String(weeks), label: weeks === 1 ? 'After 1 week' : `After ${weeks} weeks` };
  }),
];

function fromService(s: ServiceWire): typeof EMPTY {
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
    rebookWeeks: s.rebookWeeks,
  };
}

const REQUIRED_FIELDS = ['name', 'category', 'description', 'price'] as const;
const REQUIRED_MESSAGE = 'Please fill out all required fields correctly.';

export interface ServiceFormModalProps {
  onClose: () => void;
  merchantId: string | null;
  categories: SelectedCategoryWire[];
  editing: ServiceWire | null;
}

/** Add or edit a service; the owner mounts it while it is open, so each opening starts from `editing`. */
export function ServiceFormModal({ onClose, merchantId, categories, editing }: ServiceFormModalProps) {
  const form = useZodForm(serviceScreenForm, {
    defaultValues: editing ? fromService(editing) : { ...EMPTY, category: categories.length === 1 ? categories[0]._id : '' },
  });
  const { errors } = form.formState;
  const policy = useServicePolicyForm(merchantId, editing?._id ?? null);
  const setPolicy = trpc.payments.setServicePolicy.useMutation({
    meta: { invalidates: ['payments'] },
    onSuccess: onClose,
    onError: serverErrorsTo(policy.form, 'Failed to save the payment policy.'),
  });
  /** The service's own policy, when changed, is saved after the service (a new one needs its id first). */
  const afterSave = (ownPolicy: ServicePolicyValue | null) => (answer: { service: ServiceWire }) => {
    if (!ownPolicy) return onClose();
    setPolicy.mutate({ merchantId: merchantId ?? undefined, serviceId: answer.service._id, ...ownPolicy });
  };
  const saved = {
    meta: { invalidates: ['categories.getMerchantSelectedCategories', 'services.getAllServices', 'merchants.getRebookStats'] as const },
    onError: serverErrorsTo(form, 'Failed to save service.'),
  };
  const create = trpc.services.createService.useMutation({
    ...saved,
    meta: { ...saved.meta, successToast: 'Service added successfully.' },
  });
  const update = trpc.services.updateService.useMutation({
    ...saved,
    meta: { ...saved.meta, successToast: 'Service updated successfully.' },
  });

  const onSubmit = form.handleSubmit(async (data) => {
    // The policy boxes are checked with the service's; nothing is sent while either is wrong.
    const checked = await new Promise<ServicePolicyValue | null>((resolve) => {
      void policy.form.handleSubmit(resolve, () => resolve(null))();
    });
    if (!checked) return;
    const then = { onSuccess: afterSave(policy.changed(checked) ? checked : null) };
    const category = data.category ?? '';
    const service = { ...data, isDiscountActive: Boolean(data.discountType) && data.isDiscountActive };
    if (editing)
      update.mutate(
        {
          merchantId: merchantId ?? undefined,
          selectedCategoryId: category,
          serviceId: editing._id,
          service: { ...service, _id: editing._id },
        },
        then,
      );
    else create.mutate({ merchantId: merchantId ?? undefined, selectedCategoryId: category, service }, then);
  });

  const busy = create.isPending || update.isPending || setPolicy.isPending;
  const [discountType, duration] = form.watch(['discountType', 'duration']);
  const discountOn = discountType !== '';
  // The spec's form message: a missing or wrong required field gives the one general text (a
  // duration that is there but off the grid keeps its own); the discount rules have their own texts.
  const requiredWrong = REQUIRED_FIELDS.some((f) => errors[f]) || (errors.duration && !(Number(duration) > 0));
  const firstError = Object.values(errors).find((e) => e && typeof e.message === 'string')?.message as string | undefined;
  const error =
    errors.root?.server?.message ?? policy.form.formState.errors.root?.server?.message ?? (requiredWrong ? REQUIRED_MESSAGE : firstError);

  return (
    <Modal
      open
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
          <p
            key={error}
            ref={revealOnMount}
            role="alert"
            data-testid="service-form-error"
            className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-700 sm:col-span-2"
          >
            {error}
          </p>
        )}
        <Input
          id="service-name"
          label="Service name"
          required
          {...form.register('name')}
          error={errors.name?.message}
          containerClassName="sm:col-span-2"
        />
        <Select
          id="service-category"
          label="Category"
          required
          placeholder={categories.length ? 'Select a category' : 'Add a category first'}
          options={categories.map((c) => ({ value: c._id, label: c.name }))}
          {...form.register('category')}
          error={errors.category?.message}
          containerClassName="sm:col-span-2"
        />
        <Textarea
          id="service-description"
          label="Description"
          required
          rows={3}
          {...form.register('description')}
          error={errors.description?.message}
          containerClassName="sm:col-span-2"
        />
        <Input
          id="service-duration"
          label="Duration (minutes)"
          type="number"
          min={5}
          step={5}
          inputMode="numeric"
          required
          {...form.register('duration')}
          error={errors.duration?.message}
        />
        <Input
          id="service-price"
          label="Price (₹)"
          type="number"
          min={0}
          step="0.01"
          inputMode="decimal"
          required
          {...form.register('price')}
          error={errors.price?.message}
        />
        <Select
          id="service-discount-type"
          label="Discount type"
          options={[
            { value: '', label: 'No discount' },
            { value: 'percentage', label: 'Percentage (%)' },
            { value: 'flat', label: 'Flat (₹)' },
          ]}
          {...form.register('discountType', { onChange: (e) => e.target.value === '' && form.setValue('discountValue', '') })}
          error={errors.discountType?.message}
        />
        <Input
          id="service-discount-value"
          label={discountType === 'flat' ? 'Discount value (₹)' : 'Discount value (%)'}
          type="number"
          min={0}
          step="0.01"
          inputMode="decimal"
          disabled={!discountOn}
          {...form.register('discountValue')}
          error={errors.discountValue?.message}
        />
        <Checkbox
          id="service-discount-active"
          label="Discount active"
          description="Customers pay the discounted price while this is on."
          disabled={!discountOn}
          {...form.register('isDiscountActive')}
        />
        <Select
          id="service-rebook-weeks"
          label="Remind to rebook"
          options={REBOOK_OPTIONS}
          {...form.register('rebookWeeks', { setValueAs: (v) => (v === '' || v === null || v === undefined ? null : Number(v)) })}
          error={errors.rebookWeeks?.message}
          hint="Customers who opted in to offers get one reminder with a Book again link this long after a visit, unless they have a booking ahead."
          containerClassName="sm:col-span-2"
        />
        <ServicePolicyFields form={policy.form} salon={policy.salon} />
        <Checkbox
          id="service-active"
          label="Service active"
          description="Inactive services are hidden from customers."
          {...form.register('active')}
        />
      </form>
    </Modal>
  );
}
