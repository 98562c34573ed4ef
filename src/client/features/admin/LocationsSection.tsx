import { useState } from 'react';
import { featuredLocationForm } from '../../../shared/schemas/admin';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Input } from '../../components/ui/Input';
import { FormError } from '../../forms/FormError';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { trpc } from '../../trpc';
import { QueryState, TableCard, Td, Th } from './DataTable';

const EMPTY = { city: '', locality: '', state: '', sortOrder: '' };

/** The places the home page's location chips offer. */
export function LocationsSection() {
  const locations = trpc.admin.featuredLocations.useQuery({});
  const list = locations.data?.locations ?? [];
  const form = useZodForm(featuredLocationForm, { defaultValues: EMPTY });
  const { errors } = form.formState;
  const invalidates = ['admin.featuredLocations', 'locations.getLocations'] as const;
  const add = trpc.admin.addFeaturedLocation.useMutation({
    meta: { invalidates, successToast: ({ location }: { location: { name: string } }) => `${location.name} is featured.` },
    onSuccess: () => form.reset(EMPTY),
    onError: serverErrorsTo(form, 'Could not add the location.'),
  });
  const [toRemove, setToRemove] = useState<{ _id: string; name: string } | null>(null);
  const remove = trpc.admin.removeFeaturedLocation.useMutation({
    meta: {
      invalidates,
      successToast: (_answer, { id }: { id: string }) => `${list.find((l) => l._id === id)?.name ?? 'The location'} removed.`,
      errorToast: 'Could not remove the location.',
    },
    onSettled: () => setToRemove(null),
  });
  const submit = form.handleSubmit((input) => add.mutate(input));

  return (
    <Card id="locations">
      <CardHeader
        title="Featured locations"
        description="Places listed first, in this order, among the home page's popular locations. Their map position is looked up from the name; a locality can be any area of a known city, and one the map data does not know is placed at the city's centre."
      />
      <form
        noValidate
        onSubmit={submit}
        className="mb-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_7rem_auto] lg:items-start"
        data-testid="location-form"
      >
        <Input id="location-city" label="City" required {...form.register('city')} error={errors.city?.message} />
        <Input
          id="location-name"
          label="Locality (optional)"
          placeholder="e.g. Koregaon Park"
          {...form.register('locality')}
          error={errors.locality?.message}
        />
        <Input id="location-state" label="State" {...form.register('state')} error={errors.state?.message} />
        <Input
          id="location-order"
          label="Order"
          type="number"
          min={0}
          max={1000}
          {...form.register('sortOrder')}
          error={errors.sortOrder?.message}
        />
        {/* Level with the boxes under their labels, whether or not a box shows an error. */}
        <Button type="submit" className="lg:mt-[1.625rem]" loading={add.isPending} data-testid="location-add">
          Add
        </Button>
        <FormError message={errors.root?.server?.message} className="sm:col-span-2 lg:col-span-5" />
      </form>
      <QueryState
        query={locations}
        isEmpty={list.length === 0}
        emptyTitle="No featured locations"
        emptyDescription="Search then suggests the cities with the most salons."
      >
        <TableCard testId="locations-table" caption="Featured locations" minWidth={560} className="shadow-none">
          <thead>
            <tr>
              <Th>Place</Th>
              <Th>Kind</Th>
              <Th>Coordinates</Th>
              <Th className="text-right">Order</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {list.map((l) => (
              <tr key={l._id} data-testid="location-row">
                <Td>
                  <p className="font-medium text-ink-900">{l.name}</p>
                  <p className="text-xs text-ink-500">{[l.city !== l.name ? l.city : null, l.state].filter(Boolean).join(', ')}</p>
                </Td>
                <Td>
                  <Badge>{l.kind}</Badge>
                </Td>
                <Td className="font-mono text-xs whitespace-nowrap">
                  {l.lat.toFixed(4)}, {l.lng.toFixed(4)}
                </Td>
                <Td className="text-right">{l.sortOrder}</Td>
                <Td className="text-right">
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-red-600 hover:bg-red-50"
                    onClick={() => setToRemove(l)}
                    aria-label={`Remove ${l.name}`}
                  >
                    Remove
                  </Button>
                </Td>
              </tr>
            ))}
          </tbody>
        </TableCard>
      </QueryState>
      <ConfirmDialog
        open={Boolean(toRemove)}
        title="Remove featured location?"
        message={toRemove && <p>{toRemove.name} is no longer pinned to the top of popular locations. Salons there are not affected.</p>}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() => toRemove && remove.mutate({ id: toRemove._id })}
        onClose={() => setToRemove(null)}
      />
    </Card>
  );
}
