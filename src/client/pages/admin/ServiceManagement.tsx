import { useState } from 'react';
import { SHOP_TYPE_LABELS as SHOP_LABELS, SHOP_TYPES, type ShopType, shopTypeLabel } from '../../../shared/constants';
import { type CatalogueCategoryWire, createCategoryInput } from '../../../shared/schemas/shop';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { Select } from '../../components/ui/Select';
import { Tabs } from '../../components/ui/Tabs';
import { AdminPage } from '../../features/admin/AdminPage';
import { QueryState, TableCard, Td, Th } from '../../features/admin/DataTable';
import { formatCount } from '../../features/admin/format';
import { FormError } from '../../forms/FormError';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { answerMessage } from '../../mutationMeta';
import { trpc } from '../../trpc';

/** New or edited category; the page mounts it while open, so each opening starts from `editing`. */
function CategoryModal({
  editing,
  defaultType,
  onClose,
}: {
  editing: CatalogueCategoryWire | null;
  defaultType: ShopType;
  onClose: () => void;
}) {
  const form = useZodForm(createCategoryInput, {
    defaultValues: editing
      ? {
          name: editing.name,
          shopCategory: editing.shopCategory[0] ?? defaultType,
          image: editing.image ?? '',
          icon: editing.icon ?? '',
          sortOrder: String(editing.sortOrder),
        }
      : { name: '', shopCategory: defaultType, image: '', icon: '', sortOrder: '0' },
  });
  const { errors } = form.formState;
  const invalidates = ['categories.getSpecificCategoryToSelect', 'categories.listCategories'] as const;
  const saved = { onSuccess: onClose, onError: serverErrorsTo(form, 'Could not save the category.') };
  const create = trpc.categories.createCategory.useMutation({ meta: { invalidates, successToast: 'Category created.' }, ...saved });
  const update = trpc.categories.updateCategory.useMutation({ meta: { invalidates, successToast: 'Category updated.' }, ...saved });
  const submit = form.handleSubmit((input) => {
    if (editing) update.mutate({ id: editing._id, ...input, image: input.image ?? null, icon: input.icon ?? null });
    else create.mutate(input);
  });

  const busy = create.isPending || update.isPending;
  return (
    <Modal
      open
      onClose={onClose}
      title={editing ? `Edit ${editing.name}` : 'New category'}
      description="Salons pick their services' categories from this catalogue."
      testId="category-modal"
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="category-form" loading={busy} data-testid="category-save">
            {editing ? 'Save changes' : 'Create category'}
          </Button>
        </>
      }
    >
      <form id="category-form" noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <FormError message={errors.root?.server?.message} className="sm:col-span-2" />
        <Input
          id="category-name"
          label="Name"
          required
          maxLength={80}
          {...form.register('name')}
          error={errors.name?.message}
          containerClassName="sm:col-span-2"
        />
        <Select
          id="category-type"
          label="Shop type"
          required
          options={SHOP_TYPES.map((t) => ({ value: t, label: SHOP_LABELS[t] }))}
          {...form.register('shopCategory')}
          error={errors.shopCategory?.message}
        />
        <Input
          id="category-order"
          label="Sort order"
          type="number"
          min={0}
          max={10000}
          step={1}
          {...form.register('sortOrder')}
          error={errors.sortOrder?.message}
          hint="Lower numbers show first."
        />
        <Input
          id="category-image"
          label="Image URL"
          placeholder="/images/categories/…"
          {...form.register('image')}
          error={errors.image?.message}
          containerClassName="sm:col-span-2"
        />
        <Input
          id="category-icon"
          label="Icon"
          placeholder="Icon URL or name"
          {...form.register('icon')}
          error={errors.icon?.message}
          containerClassName="sm:col-span-2"
        />
      </form>
    </Modal>
  );
}

export default function ServiceManagement() {
  const [type, setType] = useState<'all' | ShopType>('all');
  const [modal, setModal] = useState<{ open: boolean; editing: CatalogueCategoryWire | null }>({ open: false, editing: null });
  const [toDelete, setToDelete] = useState<CatalogueCategoryWire | null>(null);
  const catalogue = trpc.categories.getSpecificCategoryToSelect.useQuery({ shopCategory: type === 'all' ? [] : [type] });
  const counts = trpc.categories.listCategories.useQuery();
  const remove = trpc.categories.deleteCategory.useMutation({
    meta: {
      successToast: answerMessage,
      errorToast: 'Could not delete the category.',
      invalidates: ['categories.getSpecificCategoryToSelect'],
    },
  });
  const salonsById = new Map((counts.data ?? []).map((c) => [c._id, c.count]));
  const list = catalogue.data?.data ?? [];

  const onDelete = () => {
    if (toDelete) remove.mutate({ id: toDelete._id }, { onSettled: () => setToDelete(null) });
  };

  return (
    <AdminPage
      title="Categories Catalogue"
      description="The service categories salons, spas and parlours file their menus under."
      actions={
        <Button onClick={() => setModal({ open: true, editing: null })} data-testid="add-category">
          New category
        </Button>
      }
    >
      <Tabs
        idPrefix="catalogue"
        label="Shop type"
        variant="underline"
        items={[{ id: 'all' as const, label: 'All' }, ...SHOP_TYPES.map((t) => ({ id: t, label: SHOP_LABELS[t] }))]}
        value={type}
        onChange={setType}
      />
      <QueryState
        query={catalogue}
        isEmpty={list.length === 0}
        emptyTitle="No categories"
        emptyDescription="Create the first category for this shop type."
      >
        <TableCard testId="categories-table" caption="Categories" minWidth={620}>
          <thead>
            <tr>
              <Th>Category</Th>
              <Th>Shop type</Th>
              <Th className="text-right">Order</Th>
              <Th className="text-right">Salons offering</Th>
              <Th className="text-right">Actions</Th>
            </tr>
          </thead>
          <tbody>
            {list.map((c) => (
              <tr key={c._id} data-testid="category-row">
                <Td>
                  <div className="flex items-center gap-3">
                    {c.image ? (
                      <img src={c.image} alt="" width={36} height={36} className="size-9 shrink-0 rounded-lg object-cover" loading="lazy" />
                    ) : (
                      <span
                        aria-hidden="true"
                        className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-plum-50 text-sm font-semibold text-plum-700"
                      >
                        {c.name.charAt(0)}
                      </span>
                    )}
                    <span className="font-medium text-ink-900">{c.name}</span>
                  </div>
                </Td>
                <Td>
                  <Badge>{shopTypeLabel(c.shopCategory[0])}</Badge>
                </Td>
                <Td className="text-right">{c.sortOrder}</Td>
                <Td className="text-right">{salonsById.has(c._id) ? formatCount(salonsById.get(c._id)!) : '—'}</Td>
                <Td>
                  <div className="flex justify-end gap-1">
                    <Button size="sm" variant="ghost" onClick={() => setModal({ open: true, editing: c })} aria-label={`Edit ${c.name}`}>
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-red-600 hover:bg-red-50"
                      onClick={() => setToDelete(c)}
                      aria-label={`Delete ${c.name}`}
                    >
                      Delete
                    </Button>
                  </div>
                </Td>
              </tr>
            ))}
          </tbody>
        </TableCard>
      </QueryState>
      {modal.open && (
        <CategoryModal
          editing={modal.editing}
          defaultType={type === 'all' ? 'salon' : type}
          onClose={() => setModal({ open: false, editing: null })}
        />
      )}
      <ConfirmDialog
        open={Boolean(toDelete)}
        title="Delete category?"
        message={
          toDelete && (
            <p>“{toDelete.name}” is removed from the catalogue. A category that salons still file services under cannot be deleted.</p>
          )
        }
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => void onDelete()}
        onClose={() => setToDelete(null)}
      />
    </AdminPage>
  );
}
