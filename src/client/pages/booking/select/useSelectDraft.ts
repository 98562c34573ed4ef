import { useAtom } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import type { MerchantDetailWire } from '../../../../shared/schemas/discovery';
import { canPerformAll } from '../../../../shared/slots';
import {
  ANY_PROFESSIONAL,
  type BookingDraft,
  bookingDraftAtom,
  type DraftProfessional,
  type DraftService,
  emptyDraft,
  totalsOf,
} from '../../../features/booking/draft';
import { trpc } from '../../../trpc';

export type Salon = MerchantDetailWire;
export type Stylist = Salon['stylists'][number];
export type Service = Salon['services'][number];

export function toDraftService(s: Service): DraftService {
  return { _id: s._id, serviceName: s.serviceName, duration: s.duration, price: s.finalPrice };
}

export function toDraftProfessional(s: Stylist): DraftProfessional {
  return { _id: s._id, name: s.name, role: s.role, image: s.image, specialization: s.specialization };
}

export function coverOf(salon: Salon): string | null {
  return (salon.shop_Images.find((i) => i.isCover) ?? salon.shop_Images[0])?.url ?? null;
}

/** A new draft for this salon, with these services chosen. */
function freshDraft(salon: Salon, services: DraftService[] = []): BookingDraft {
  return {
    ...emptyDraft(),
    salonId: salon._id,
    salonName: salon.shop_Name,
    salonImage: coverOf(salon),
    selectedServices: services,
    ...totalsOf(services),
  };
}

/**
 * The draft a visit to this salon's booking page starts from: this salon's draft resumed (with the
 * link's service, if it names one, already in it), else a new one with the link's service chosen.
 */
function startingDraft(prev: BookingDraft, salon: Salon, wanted: string | null): BookingDraft {
  const preset = salon.services.filter((s) => s._id === wanted || s.name.toLowerCase() === wanted?.toLowerCase()).map(toDraftService);
  if (prev.salonId === salon._id && (!preset.length || preset.every((p) => prev.selectedServices.some((d) => d._id === p._id)))) {
    return prev.salonName === salon.shop_Name ? prev : { ...prev, salonName: salon.shop_Name, salonImage: coverOf(salon) };
  }
  return freshDraft(salon, preset);
}

/** The salon whose booking page this is, as the booking flow reads it. */
export function useBookableSalon(salonId: string) {
  const query = trpc.merchants.getMerchantById.useQuery({ id: salonId });
  return { query, salon: query.data?.merchant };
}

/**
 * The booking draft of this salon's page: where the visit starts it, what is chosen, who can do it,
 * and the changes the page makes (a service toggled, a professional or time chosen).
 */
export function useSelectDraft(salon: Salon | undefined, wanted: string | null) {
  const [draft, setDraft] = useAtom(bookingDraftAtom);

  // A draft for another salon (or none) starts afresh here; one for this salon is resumed; a link
  // that names a service (a search result's Book) starts with it. The first paint already shows the
  // draft as this visit starts it (`starting`), and the effect stores it once per salon: stored from
  // an effect alone, the page would first draw without the link's service, then with it.
  const [startedFor, setStartedFor] = useState<string | null>(null);
  const starting = salon && startedFor !== salon._id ? startingDraft(draft, salon, wanted) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of salon (or its loading) restarts the draft; the link's service and the salon's details as they change later must not.
  useEffect(() => {
    if (!salon) return;
    // Read from the latest draft, not this render's: a tap may have started it since.
    setDraft((prev) => startingDraft(prev, salon, wanted));
    setStartedFor(salon._id);
  }, [salon?._id]);

  const active = starting ?? (salon && draft.salonId === salon._id ? draft : null);
  const selectedIds = useMemo(() => new Set(active?.selectedServices.map((s) => s._id) ?? []), [active]);

  const chosenServices = useMemo(() => (salon ? salon.services.filter((s) => selectedIds.has(s._id)) : []), [salon, selectedIds]);
  const stylists = useMemo(() => {
    if (!salon) return [];
    const wanted = chosenServices.map((s) => ({ name: s.name, categoryName: s.category?.name ?? null }));
    return salon.stylists.filter((s) => s.status === 'Active' && canPerformAll(s.specialization, wanted));
  }, [salon, chosenServices]);

  // The draft this salon's choices go into: the one this visit started (`active`), or a new one
  // should the stored draft have moved to another salon since (another tab), so a tap is never dropped.
  const current = (): BookingDraft | null => active ?? (salon ? freshDraft(salon) : null);

  const update = (patch: Partial<BookingDraft>) => {
    const base = current();
    if (!base) return;
    setDraft({ ...base, ...patch });
  };

  const toggleService = (service: Service) => {
    const base = current();
    if (!base || !salon) return;
    const next = selectedIds.has(service._id)
      ? base.selectedServices.filter((s) => s._id !== service._id)
      : [...base.selectedServices, toDraftService(service)];
    const wanted = salon.services
      .filter((s) => next.some((n) => n._id === s._id))
      .map((s) => ({ name: s.name, categoryName: s.category?.name ?? null }));
    const pro = base.selectedProfessional;
    const stillCapable = !pro?._id || salon.stylists.some((s) => s._id === pro._id && canPerformAll(s.specialization, wanted));
    update({
      selectedServices: next,
      ...totalsOf(next),
      selectedTime: null,
      selectedProfessional: stillCapable ? pro : ANY_PROFESSIONAL,
    });
  };

  const canContinue = Boolean(active?.selectedServices.length && active.selectedDate && active.selectedTime);
  const proId = active?.selectedProfessional?._id ?? null;

  return { active, selectedIds, stylists, update, toggleService, canContinue, proId };
}
