import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SHOP_TYPES } from '../../../shared/schemas/auth';
import { createCategoryInput, type CatalogueCategoryWire } from '../../../shared/schemas/shop';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { Select } from '../../components/ui/Select';
import { Tabs } from '../../components/ui/Tabs';
import { toast } from '../../components/ui/Toast';
import { AdminPage } from '../../features/admin/AdminPage';
import { QueryState, TableCard, Td, Th } from '../../features/admin/DataTable';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { formatCount } from '../../features/admin/format';
import { errorMessage, useTRPC, readableMessage } from '../../trpc';

type ShopType = (typeof SHOP_TYPES)[number];
const SHOP_LABELS: Record<ShopType, string> = { salon: 'Salon', spa: 'Spa', beautyParlour: 'Beauty parlour', tattoo: 'Tattoo', wellness: 'Wellness' };

interface Form {
  name: string;
  shopCategory: ShopType;
  image: string;
  icon: string;
  sortOrder: string;
}

function CategoryModal({ open, editing, defaultType, onClose }: { open: boolean; editing: CatalogueCategoryWire | null; defaultType: ShopType; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.categories.createCategory.mutationOptions());
  const update = useMutation(trpc.categories.updateCategory.mutationOptions());
  const [form, setForm] = useState<Form>({ name: '', shopCategory: defaultType, image: '', icon: '', sortOrder: '0' });
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setError(null);
    setForm(
      editing
        ? {
            name: editing.name,
            shopCategory: (editing.shopCategory[0] as ShopType) ?? defaultType,
            image: editing.image ?? '',
            icon: editing.icon ?? '',
            sortOrder: String(editing.sortOrder),
          }
        : { name: '', shopCategory: defaultType, image: '', icon: '', sortOrder: '0' },
    );
  }, [open, editing, defaultType]);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createCategoryInput.safeParse({ ...form, sortOrder: form.sortOrder === '' ? undefined : Number(form.sortOrder) });
    if (!parsed.success) {
      setError(readableMessage(parsed.error.issues[0].message));
      return;
    }
    try {
      if (editing) {
        await update.mutateAsync({ id: editing._id, ...parsed.data, image: parsed.data.image ?? null, icon: parsed.data.icon ?? null });
        toast.success('Category updated.');
      } else {
        await create.mutateAsync(parsed.data);
        toast.success('Category created.');
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.categories.getSpecificCategoryToSelect.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.categories.listCategories.queryKey() }),
      ]);
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Could not save the category.'));
    }
  };

  const busy = create.isPending || update.isPending;
  return (
    <Modal
      open={open}
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
        {error && (
          <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-700 sm:col-span-2">
            {error}
          </p>
        )}
        <Input id="category-name" label="Name" required maxLength={80} value={form.name} onChange={(e) => set('name', e.target.value)} containerClassName="sm:col-span-2" />
        <Select id="category-type" label="Shop type" required value={form.shopCategory} options={SHOP_TYPES.map((t) => ({ value: t, label: SHOP_LABELS[t] }))} onChange={(e) => set('shopCategory', e.target.value as ShopType)} />
        <Input id="category-order" label="Sort order" type="number" min={0} max={10000} step={1} value={form.sortOrder} onChange={(e) => set('sortOrder', e.target.value)} hint="Lower numbers show first." />
        <Input id="category-image" label="Image URL" placeholder="/images/categories/…" value={form.image} onChange={(e) => set('image', e.target.value)} containerClassName="sm:col-span-2" />
        <Input id="category-icon" label="Icon" placeholder="Icon URL or name" value={form.icon} onChange={(e) => set('icon', e.target.value)} containerClassName="sm:col-span-2" />
      </form>
    </Modal>
  );
}

export default function ServiceManagement() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [type, setType] = useState<'all' | ShopType>('all');
  const [modal, setModal] = useState<{ open: boolean; editing: CatalogueCategoryWire | null }>({ open: false, editing: null });
  const [toDelete, setToDelete] = useState<CatalogueCategoryWire | null>(null);
  const catalogue = useQuery(trpc.categories.getSpecificCategoryToSelect.queryOptions({ shopCategory: type === 'all' ? [] : [type] }));
  const counts = useQuery(trpc.categories.listCategories.queryOptions());
  const remove = useMutation(trpc.categories.deleteCategory.mutationOptions());
  const salonsById = new Map((counts.data ?? []).map((c) => [c._id, c.count]));
  const list = catalogue.data?.data ?? [];

  const onDelete = async () => {
    if (!toDelete) return;
    try {
      const answer = await remove.mutateAsync({ id: toDelete._id });
      toast.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: trpc.categories.getSpecificCategoryToSelect.queryKey() });
    } catch (err) {
      toast.error(errorMessage(err, 'Could not delete the category.'));
    } finally {
      setToDelete(null);
    }
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
      <QueryState query={catalogue} isEmpty={list.length === 0} emptyTitle="No categories" emptyDescription="Create the first category for this shop type.">
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
                      <img src={c.image} alt="" className="size-9 shrink-0 rounded-lg object-cover" loading="lazy" />
                    ) : (
                      <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-plum-50 text-sm font-semibold text-plum-700">
                        {c.name.charAt(0)}
                      </span>
                    )}
                    <span className="font-medium text-ink-900">{c.name}</span>
                  </div>
                </Td>
                <Td>
                  <Badge>{SHOP_LABELS[c.shopCategory[0] as ShopType] ?? c.shopCategory[0]}</Badge>
                </Td>
                <Td className="text-right">{c.sortOrder}</Td>
                <Td className="text-right">{salonsById.has(c._id) ? formatCount(salonsById.get(c._id)!) : '—'}</Td>
                <Td>
                  <div className="flex justify-end gap-1">
                    <Button size="sm" variant="ghost" onClick={() => setModal({ open: true, editing: c })} aria-label={`Edit ${c.name}`}>
                      Edit
                    </Button>
                    <Button size="sm" variant="ghost" className="text-red-600 hover:bg-red-50" onClick={() => setToDelete(c)} aria-label={`Delete ${c.name}`}>
                      Delete
                    </Button>
                  </div>
                </Td>
              </tr>
            ))}
          </tbody>
        </TableCard>
      </QueryState>
      <CategoryModal open={modal.open} editing={modal.editing} defaultType={type === 'all' ? 'salon' : type} onClose={() => setModal({ open: false, editing: null })} />
      <ConfirmDialog
        open={Boolean(toDelete)}
        title="Delete category?"
        message={toDelete && <p>“{toDelete.name}” is removed from the catalogue. A category that salons still file services under cannot be deleted.</p>}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => void onDelete()}
        onClose={() => setToDelete(null)}
      />
    </AdminPage>
  );
}
