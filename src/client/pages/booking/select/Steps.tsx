import { CheckCircleIcon, ClockIcon } from '../../../components/icons';
import { Avatar } from '../../../components/ui/Avatar';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ANY_PROFESSIONAL, type BookingDraft, type DraftProfessional } from '../../../features/booking/draft';
import { formatDuration, formatINR } from '../../../features/booking/format';
import { cn } from '../../../lib/cn';
import { type Salon, type Service, type Stylist, toDraftProfessional } from './useSelectDraft';

export function StepTitle({ n, title, hint }: { n: number; title: string; hint?: string }) {
  return (
    <div className="mb-4 flex items-start gap-3">
      <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-plum-700 text-sm font-bold text-white">{n}</span>
      <div>
        <h2 className="text-lg font-semibold text-ink-900">{title}</h2>
        {hint && <p className="text-sm text-ink-500">{hint}</p>}
      </div>
    </div>
  );
}

/** Step 1: the salon's services by category, each a checkbox. */
export function ServiceStep({
  salon,
  selectedIds,
  onToggle,
}: {
  salon: Salon;
  selectedIds: Set<string>;
  onToggle: (service: Service) => void;
}) {
  const categories = salon.categories.filter((c) => c.services.length > 0);
  const uncategorised = salon.services.filter((s) => !s.category);
  const groups = [
    ...categories.map((c) => ({ key: c._id, name: c.name, services: c.services })),
    ...(uncategorised.length ? [{ key: 'other', name: 'Other services', services: uncategorised }] : []),
  ];
  return (
    <Card>
      <StepTitle n={1} title="Choose services" hint="Pick one or more; they are done back to back." />
      {groups.length === 0 ? (
        <p className="text-sm text-ink-500">This salon has not listed any services yet.</p>
      ) : (
        <div className="space-y-5">
          {groups.map((group) => (
            <section key={group.key} aria-label={group.name}>
              <h3 className="mb-2 text-sm font-semibold text-ink-700">{group.name}</h3>
              <div className="grid gap-2 sm:grid-cols-2">
                {group.services.map((service) => (
                  <ServiceOption key={service._id} service={service} selected={selectedIds.has(service._id)} onToggle={onToggle} />
                ))}
              </div>
            </section>
          ))}
        </div>
      )}
    </Card>
  );
}

function ServiceOption({ service, selected, onToggle }: { service: Service; selected: boolean; onToggle: (service: Service) => void }) {
  return (
    <button
      type="button"
      role="checkbox"
      aria-checked={selected}
      onClick={() => onToggle(service)}
      data-testid="service-option"
      data-service-id={service._id}
      className={cn(
        'flex items-start justify-between gap-3 rounded-2xl border p-3 text-left transition-colors',
        selected ? 'border-plum-600 bg-plum-50' : 'border-blush-200 bg-white hover:border-plum-300',
      )}
    >
      <span className="min-w-0">
        <span className="block font-medium text-ink-900">{service.serviceName}</span>
        <span className="mt-0.5 flex items-center gap-1 text-xs text-ink-500">
          <ClockIcon className="size-3.5" /> {formatDuration(service.duration)}
        </span>
      </span>
      <span className="flex shrink-0 items-center gap-2">
        <span className="text-right">
          <span className="block text-sm font-semibold text-ink-900">{formatINR(service.finalPrice)}</span>
          {service.finalPrice < service.price && (
            <span className="block text-xs text-ink-400 line-through">{formatINR(service.price)}</span>
          )}
        </span>
        <span
          aria-hidden="true"
          className={cn(
            'flex size-5 items-center justify-center rounded-md border',
            selected ? 'border-plum-700 bg-plum-700 text-white' : 'border-blush-300',
          )}
        >
          {selected && (
            <svg viewBox="0 0 20 20" className="size-3.5">
              <path
                fill="currentColor"
                d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z"
              />
            </svg>
          )}
        </span>
      </span>
    </button>
  );
}

/** Step 2: "Any professional" and the professionals who do every chosen service, as a radio group. */
export function ProfessionalStep({
  stylists,
  proId,
  onChoose,
}: {
  stylists: Stylist[];
  proId: string | null;
  onChoose: (pro: DraftProfessional) => void;
}) {
  return (
    <Card>
      <StepTitle n={2} title="Choose a professional" hint="Only professionals who do every chosen service are shown." />
      <div className="grid gap-2 sm:grid-cols-2" role="radiogroup" aria-label="Professional">
        {[null, ...stylists].map((stylist) => {
          const pro = stylist ? toDraftProfessional(stylist) : ANY_PROFESSIONAL;
          const selected = (pro._id ?? null) === proId;
          return (
            <button
              key={pro._id ?? 'any'}
              type="button"
              role="radio"
              aria-checked={selected}
              onClick={() => onChoose(pro)}
              data-testid="professional-option"
              data-professional-id={pro._id ?? 'any'}
              className={cn(
                'flex items-center gap-3 rounded-2xl border p-3 text-left transition-colors',
                selected ? 'border-plum-600 bg-plum-50' : 'border-blush-200 bg-white hover:border-plum-300',
              )}
            >
              {stylist ? (
                <Avatar src={pro.image} name={pro.name} size="lg" />
              ) : (
                <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-gold-100 to-blush-200 text-plum-700">
                  <CheckCircleIcon className="size-7" />
                </span>
              )}
              <span className="min-w-0">
                <span className="block font-semibold text-ink-900">{pro.name}</span>
                <span className="block text-xs text-ink-500">
                  {stylist ? `${pro.role}${stylist.experience ? ` · ${stylist.experience} yrs` : ''}` : 'Whoever is free at your time'}
                </span>
                {pro.specialization.length > 0 && (
                  <span className="mt-1.5 flex flex-wrap gap-1">
                    {pro.specialization.slice(0, 3).map((tag) => (
                      <Badge key={tag} tone="brand" className="text-[11px]">
                        {tag}
                      </Badge>
                    ))}
                    {pro.specialization.length > 3 && <Badge className="text-[11px]">+{pro.specialization.length - 3}</Badge>}
                  </span>
                )}
              </span>
            </button>
          );
        })}
      </div>
    </Card>
  );
}

/**
 * Under the wide layout the summary comes after all three steps, a long way down a phone: the
 * total and Continue stay on screen in this bar (data-action-bar keeps the chat toggle above it).
 */
export function SelectActionBar({
  draft,
  hasTabBar,
  canContinue,
  onContinue,
}: {
  draft: BookingDraft | null;
  /** Signed-in layouts have the phone's bottom bar; the action bar sits above it. */
  hasTabBar: boolean;
  canContinue: boolean;
  onContinue: () => void;
}) {
  return (
    <div
      data-action-bar=""
      data-testid="select-action-bar"
      className={cn(
        'fixed inset-x-0 z-30 border-t border-blush-200 bg-white px-4 py-3 lg:hidden',
        hasTabBar ? 'bottom-(--tab-bar-height) nav:bottom-0' : 'bottom-0',
      )}
    >
      <div className="mx-auto flex max-w-3xl items-center justify-between gap-4">
        <div className="min-w-0 text-sm">
          <p className="truncate text-xs text-ink-500" data-testid="select-bar-detail">
            {draft?.selectedServices.length
              ? `${draft.selectedServices.length} service${draft.selectedServices.length === 1 ? '' : 's'} · ${formatDuration(draft.totalDuration)}${draft.selectedTime ? ` · ${draft.selectedTime}` : ''}`
              : 'No services chosen yet'}
          </p>
          <p className="font-bold text-plum-800" data-testid="select-bar-total">
            {formatINR(draft?.totalAmount ?? 0)}
          </p>
        </div>
        <Button size="lg" className="shrink-0 px-8" disabled={!canContinue} onClick={onContinue} data-testid="continue-to-review-bar">
          Continue
        </Button>
      </div>
    </div>
  );
}
