import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import type { SelectedCategoryWire } from '../../../shared/schemas/shop';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Modal } from '../../components/ui/Modal';
import { Spinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/Toast';
import { sessionAtom } from '../../state/session';
import { errorMessage, trpc } from '../../trpc';

export interface CategoriesModalProps {
  onClose: () => void;
  merchantId: string | null;
  selected: SelectedCategoryWire[];
}

/**
 * Manage Categories: pick predefined categories of the shop's type to add; list or delete the
 * chosen ones. Mounted while open: each opening starts with nothing picked.
 */
export function CategoriesModal({ onClose, merchantId, selected }: CategoriesModalProps) {
  const { shopType } = useAtomValue(sessionAtom);
  const catalogue = trpc.categories.getSpecificCategoryToSelect.useQuery({ shopCategory: shopType });

  const existing = useMemo(() => new Set(selected.map((c) => c._id)), [selected]);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<SelectedCategoryWire | null>(null);
  const invalidates = ['categories.getMerchantSelectedCategories'] as const;
  const add = trpc.categories.selectCategoriesByMarchent.useMutation({
    meta: {
      successToast: 'Selected categories added successfully.',
      errorToast: 'Error adding selected categories. Please try again.',
      invalidates,
    },
    onSuccess: () => setPicked(new Set()),
  });
  const remove = trpc.categories.deleteMerchantSelectedCategories.useMutation({
    meta: { successToast: 'Category deleted successfully.', errorToast: 'Failed to delete category. Please try again.', invalidates },
    onSettled: () => setToDelete(null),
  });

  const toggle = (id: string) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const onAdd = () => {
    const fresh = [...picked].filter((id) => !existing.has(id));
    if (fresh.length === 0) {
      setNotice('No new categories selected.');
      toast.info('No new categories selected.');
      return;
    }
    setNotice(null);
    add.mutate({ merchantId: merchantId ?? undefined, selectedCategories: fresh });
  };

  const onDelete = () => {
    if (toDelete) remove.mutate({ merchantId: merchantId ?? undefined, selectedCategories: [toDelete._id] });
  };

  const options = catalogue.data?.data ?? [];

  return (
    <>
      <Modal
        open={!toDelete}
        onClose={onClose}
        title="Manage Categories"
        description="Choose the categories your shop offers. Categories that still hold services cannot be deleted."
        size="lg"
        testId="categories-modal"
        footer={
          <>
            <Button variant="ghost" onClick={onClose}>
              Close
            </Button>
            <Button onClick={onAdd} loading={add.isPending} loadingText="Adding..." data-testid="categories-add">
              Add Selected Categories
            </Button>
          </>
        }
      >
        <section aria-labelledby="categories-available" className="mb-6">
          <h3 id="categories-available" className="mb-2 text-sm font-semibold text-ink-900">
            Available categories
          </h3>
          {notice && (
            <p role="alert" className="mb-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800" data-testid="categories-notice">
              {notice}
            </p>
          )}
          {catalogue.isLoading ? (
            <Spinner label="Loading categories" className="text-plum-600" />
          ) : catalogue.isError ? (
            <p className="text-sm text-red-600">{errorMessage(catalogue.error, 'Failed to load categories. Please try again.')}</p>
          ) : options.length === 0 ? (
            <p className="text-sm text-ink-500">No predefined categories for your shop type.</p>
          ) : (
            <ul className="grid gap-2 sm:grid-cols-2">
              {options.map((c) => {
                const already = existing.has(c._id);
                const id = `category-option-${c._id}`;
                return (
                  <li key={c._id}>
                    <label
                      htmlFor={id}
                      className="flex cursor-pointer items-center gap-3 rounded-xl border border-blush-200 px-3 py-2.5 text-sm hover:border-plum-300 has-[:disabled]:cursor-default has-[:disabled]:bg-blush-50"
                    >
                      <input
                        id={id}
                        type="checkbox"
                        className="size-4 accent-plum-700"
                        checked={already || picked.has(c._id)}
                        disabled={already}
                        onChange={() => toggle(c._id)}
                      />
                      <span className="flex-1 font-medium text-ink-800">{c.name}</span>
                      {already && <Badge tone="success">Added</Badge>}
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
        <section aria-labelledby="categories-existing">
          <h3 id="categories-existing" className="mb-2 text-sm font-semibold text-ink-900">
            Your categories
          </h3>
          {selected.length === 0 ? (
            <p className="text-sm text-ink-500">You have not added any categories yet.</p>
          ) : (
            <ul className="divide-y divide-blush-100 rounded-xl border border-blush-200">
              {selected.map((c) => (
                <li key={c._id} className="flex items-center justify-between gap-3 px-3 py-2.5 text-sm">
                  <span className="font-medium text-ink-800">
                    {c.name}{' '}
                    <span className="font-normal text-ink-500">
                      · {c.count} {c.count === 1 ? 'service' : 'services'}
                    </span>
                  </span>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-red-600 hover:bg-red-50"
                    onClick={() => setToDelete(c)}
                    aria-label={`Delete category ${c.name}`}
                  >
                    Delete
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </Modal>
      <ConfirmDialog
        open={Boolean(toDelete)}
        title="Delete category"
        message={toDelete ? `Are you sure you want to delete the category "${toDelete.name}"?` : ''}
        busy={remove.isPending}
        onConfirm={onDelete}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
