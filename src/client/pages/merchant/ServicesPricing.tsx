import { useMemo, useState } from 'react';
import type { ServiceWire } from '../../../shared/schemas/shop';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { EmptyState, LoadError } from '../../components/ui/EmptyState';
import { PageSpinner } from '../../components/ui/Spinner';
import { useMerchantId } from '../../features/shop/api';
import { CategoriesModal } from '../../features/shop/CategoriesModal';
import { formatINR } from '../../features/shop/format';
import { RebookTile } from '../../features/shop/RebookTile';
import { ServiceFormModal } from '../../features/shop/ServiceFormModal';
import { usePageTitle } from '../../lib/usePageTitle';
import { errorMessage, trpc } from '../../trpc';

export default function ServicesPricing() {
  usePageTitle('Services & Pricing');
  const merchantId = useMerchantId();
  const scope = { merchantId: merchantId ?? undefined };
  const categoriesQuery = trpc.categories.getMerchantSelectedCategories.useQuery(scope);
  const servicesQuery = trpc.services.getAllServices.useQuery(scope);
  const [serviceModal, setServiceModal] = useState<{ open: boolean; editing: ServiceWire | null }>({ open: false, editing: null });
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const [toDelete, setToDelete] = useState<ServiceWire | null>(null);
  const remove = trpc.services.deleteService.useMutation({
    meta: {
      successToast: 'Service deleted successfully.',
      errorToast: 'Failed to delete service. Please try again.',
      invalidates: ['categories.getMerchantSelectedCategories', 'services.getAllServices'],
    },
    onSettled: () => setToDelete(null),
  });

  const categories = useMemo(() => categoriesQuery.data?.selectedCategories ?? [], [categoriesQuery.data]);
  const services = servicesQuery.data?.services ?? [];

  const onDelete = () => {
    if (toDelete)
      remove.mutate({ merchantId: merchantId ?? undefined, selectedCategoryId: toDelete.category ?? undefined, serviceId: toDelete._id });
  };

  const loading = categoriesQuery.isLoading || servicesQuery.isLoading;
  const loadError = categoriesQuery.error ?? servicesQuery.error;

  return (
    <PageContainer>
      <PageHeader
        title="Services & Pricing"
        description="Manage your service categories, services, durations and prices."
        actions={
          <>
            <Button variant="outline" onClick={() => setCategoriesOpen(true)} data-testid="manage-categories">
              Manage Categories
            </Button>
            <Button onClick={() => setServiceModal({ open: true, editing: null })} data-testid="add-service">
              Add Service
            </Button>
          </>
        }
      />

      {loading ? (
        <PageSpinner label="Loading services" />
      ) : loadError ? (
        <LoadError
          title="Could not load your services"
          description={errorMessage(loadError, 'Failed to load services. Please try again later.')}
          onRetry={() => Promise.all([categoriesQuery.refetch(), servicesQuery.refetch()])}
        />
      ) : (
        <>
          <section aria-labelledby="categories-heading" className="mb-8">
            <h2 id="categories-heading" className="mb-3 text-lg font-semibold text-ink-900">
              Categories
            </h2>
            {categories.length === 0 ? (
              <EmptyState
                title="No categories yet"
                description="Add the categories your shop offers, then add services to them."
                action={<Button onClick={() => setCategoriesOpen(true)}>Manage Categories</Button>}
              />
            ) : (
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="category-grid">
                {categories.map((c) => (
                  <li key={c._id}>
                    <Card padded={false} className="flex h-full flex-col gap-1 p-4">
                      <span className="text-sm font-semibold text-ink-900">{c.name}</span>
                      <span className="text-xs text-ink-500" data-testid="category-count">
                        {c.count} {c.count === 1 ? 'service' : 'services'}
                      </span>
                    </Card>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <RebookTile merchantId={merchantId} />

          <section aria-labelledby="services-heading">
            <h2 id="services-heading" className="mb-3 text-lg font-semibold text-ink-900">
              Services
            </h2>
            {services.length === 0 ? (
              <EmptyState title="No services yet" description="Add your first service so customers can book it." />
            ) : (
              <>
                <Card padded={false} className="hidden overflow-x-auto md:block" role="region" aria-label="Services" tabIndex={0}>
                  <table className="w-full text-left text-sm" data-testid="services-table">
                    <thead className="border-b border-blush-100 bg-blush-50/60 text-xs tracking-wide text-ink-500 uppercase">
                      <tr>
                        <th scope="col" className="px-4 py-3 font-semibold">
                          Name
                        </th>
                        <th scope="col" className="px-4 py-3 font-semibold">
                          Description
                        </th>
                        <th scope="col" className="px-4 py-3 font-semibold">
                          Category
                        </th>
                        <th scope="col" className="px-4 py-3 font-semibold">
                          Duration
                        </th>
                        <th scope="col" className="px-4 py-3 font-semibold">
                          Price
                        </th>
                        <th scope="col" className="px-4 py-3 font-semibold">
                          Status
                        </th>
                        <th scope="col" className="px-4 py-3 text-right font-semibold">
                          Actions
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-blush-100">
                      {services.map((s) => (
                        <tr key={s._id} data-testid="service-row">
                          <td className="px-4 py-3 font-medium text-ink-900">
                            {s.name}
                            <RebookNote service={s} />
                          </td>
                          <td className="max-w-xs px-4 py-3 text-ink-600">
                            <span className="line-clamp-2">{s.description}</span>
                          </td>
                          <td className="px-4 py-3 text-ink-700">{s.categoryName ?? '—'}</td>
                          <td className="px-4 py-3 whitespace-nowrap text-ink-700">{s.duration} min</td>
                          <td className="px-4 py-3 whitespace-nowrap">
                            <PriceCell service={s} />
                          </td>
                          <td className="px-4 py-3">
                            <ActiveBadge active={s.active} />
                          </td>
                          <td className="px-4 py-3">
                            <RowActions
                              service={s}
                              onEdit={() => setServiceModal({ open: true, editing: s })}
                              onDelete={() => setToDelete(s)}
                            />
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </Card>
                <ul className="grid grid-cols-1 gap-3 md:hidden" data-testid="services-list">
                  {services.map((s) => (
                    <li key={s._id}>
                      <Card className="flex flex-col gap-2">
                        <div className="flex items-start justify-between gap-3">
                          <div>
                            <p className="font-semibold text-ink-900">{s.name}</p>
                            <p className="text-xs text-ink-500">
                              {s.categoryName ?? '—'} · {s.duration} min
                            </p>
                            <RebookNote service={s} />
                          </div>
                          <ActiveBadge active={s.active} />
                        </div>
                        <p className="line-clamp-2 text-sm text-ink-600">{s.description}</p>
                        <div className="flex items-center justify-between">
                          <PriceCell service={s} />
                          <RowActions
                            service={s}
                            onEdit={() => setServiceModal({ open: true, editing: s })}
                            onDelete={() => setToDelete(s)}
                          />
                        </div>
                      </Card>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
        </>
      )}

      {serviceModal.open && (
        <ServiceFormModal
          editing={serviceModal.editing}
          onClose={() => setServiceModal({ open: false, editing: null })}
          merchantId={merchantId}
          categories={categories}
        />
      )}
      {categoriesOpen && <CategoriesModal onClose={() => setCategoriesOpen(false)} merchantId={merchantId} selected={categories} />}
      <ConfirmDialog
        open={Boolean(toDelete)}
        title="Delete service"
        message={toDelete ? `Are you sure you want to delete the service "${toDelete.name}"? This action cannot be undone.` : ''}
        busy={remove.isPending}
        onConfirm={onDelete}
        onClose={() => setToDelete(null)}
      />
    </PageContainer>
  );
}

function ActiveBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? 'success' : 'neutral'}>{active ? 'Active' : 'Inactive'}</Badge>;
}

function PriceCell({ service }: { service: ServiceWire }) {
  const discounted = service.isDiscountActive && service.finalPrice < service.price;
  return (
    <span className="inline-flex flex-col leading-tight">
      <span className="font-semibold text-ink-900">{formatINR(discounted ? service.finalPrice : service.price)}</span>
      {discounted && <span className="text-xs text-ink-400 line-through">{formatINR(service.price)}</span>}
    </span>
  );
}

function RowActions({ service, onEdit, onDelete }: { service: ServiceWire; onEdit: () => void; onDelete: () => void }) {
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Edit ${service.name}`}>
        Edit
      </Button>
      <Button variant="ghost" size="sm" className="text-red-600 hover:bg-red-50" onClick={onDelete} aria-label={`Delete ${service.name}`}>
        Delete
      </Button>
    </div>
  );
}

/** "Rebook reminder after 6 weeks" under a service's name, when it has one. */
function RebookNote({ service }: { service: ServiceWire }) {
  if (!service.rebookWeeks) return null;
  return (
    <span className="block text-xs font-normal text-ink-500" data-testid="service-rebook">
      Rebook reminder after {service.rebookWeeks === 1 ? '1 week' : `${service.rebookWeeks} weeks`}
    </span>
  );
}
