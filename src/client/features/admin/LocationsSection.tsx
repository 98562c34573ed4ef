import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addFeaturedLocationInput } from '../../../shared/schemas/admin';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { Input } from '../../components/ui/Input';
import { toast } from '../../components/ui/Toast';
import { errorMessage, useTRPC, readableMessage } from '../../trpc';
import { QueryState, TableCard, Td, Th } from './DataTable';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';

interface Form {
  name: string;
  city: string;
  state: string;
  sortOrder: string;
}
const EMPTY: Form = { name: '', city: '', state: '', sortOrder: '' };

/** The places the home page's location chips offer. */
export function LocationsSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const locations = useQuery(trpc.admin.featuredLocations.queryOptions({}));
  const add = useMutation(trpc.admin.addFeaturedLocation.mutationOptions());
  const remove = useMutation(trpc.admin.removeFeaturedLocation.mutationOptions());
  const [form, setForm] = useState<Form>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [toRemove, setToRemove] = useState<{ _id: string; name: string } | null>(null);
  const list = locations.data?.locations ?? [];
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.admin.featuredLocations.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.locations.getLocations.queryKey() }),
    ]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A locality names a part of the city; without one the whole city is featured.
    const locality = form.name.trim();
    const parsed = addFeaturedLocationInput.safeParse({
      ...form,
      name: locality || form.city.trim(),
      kind: locality ? 'locality' : 'city',
      sortOrder: form.sortOrder === '' ? undefined : Number(form.sortOrder),
    });
    if (!parsed.success) {
      setError(readableMessage(parsed.error.issues[0].message));
      return;
    }
    try {
      const { location } = await add.mutateAsync(parsed.data);
      toast.success(`${location.name} is featured.`);
      setForm(EMPTY);
      setError(null);
      await refresh();
    } catch (err) {
      setError(errorMessage(err, 'Could not add the location.'));
    }
  };

  const onRemove = async () => {
    if (!toRemove) return;
    try {
      await remove.mutateAsync({ id: toRemove._id });
      toast.success(`${toRemove.name} removed.`);
      await refresh();
    } catch (err) {
      toast.error(errorMessage(err, 'Could not remove the location.'));
    } finally {
      setToRemove(null);
    }
  };

  return (
    <Card id="locations">
      <CardHeader title="Featured locations" description="Places listed first, in this order, among the home page's popular locations. Their map position is looked up from the name; a locality can be any area of a known city, and one the map data does not know is placed at the city's centre." />
      <form noValidate onSubmit={submit} className="mb-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_7rem_auto] lg:items-end" data-testid="location-form">
        <Input id="location-city" label="City" required value={form.city} onChange={(e) => set('city', e.target.value)} />
        <Input
          id="location-name"
          label="Locality (optional)"
          placeholder="e.g. Koregaon Park"
          value={form.name}
          onChange={(e) => set('name', e.target.value)}
        />
        <Input id="location-state" label="State" value={form.state} onChange={(e) => set('state', e.target.value)} />
        <Input id="location-order" label="Order" type="number" min={0} max={1000} value={form.sortOrder} onChange={(e) => set('sortOrder', e.target.value)} />
        <Button type="submit" loading={add.isPending} data-testid="location-add">
          Add
        </Button>
        {error && (
          <p role="alert" className="text-sm font-medium text-red-600 sm:col-span-2 lg:col-span-5">
            {error}
          </p>
        )}
      </form>
      <QueryState query={locations} isEmpty={list.length === 0} emptyTitle="No featured locations" emptyDescription="Search then suggests the cities with the most salons.">
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
                  <Button size="sm" variant="ghost" className="text-red-600 hover:bg-red-50" onClick={() => setToRemove(l)} aria-label={`Remove ${l.name}`}>
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
        onConfirm={() => void onRemove()}
        onClose={() => setToRemove(null)}
      />
    </Card>
  );
}
