import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import { cn } from '../../lib/cn';

export interface TabItem<T extends string = string> {
  id: T;
  label: ReactNode;
  count?: number;
  disabled?: boolean;
}

export interface TabsProps<T extends string> {
  items: TabItem<T>[];
  value: T;
  onChange: (id: T) => void;
  /** Prefix for tab and panel ids, so panels can point back with aria-labelledby. */
  idPrefix: string;
  label: string;
  variant?: 'pill' | 'underline';
  className?: string;
  /**
   * The page renders the selected tab's content in a TabPanel; without one the tabs filter what is
   * shown, and point at no panel (aria-controls naming a missing element is invalid ARIA).
   */
  withPanels?: boolean;
}

export const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
export const tabPanelId = (prefix: string, id: string) => `${prefix}-panel-${id}`;

export function Tabs<T extends string>({
  items,
  value,
  onChange,
  idPrefix,
  label,
  variant = 'pill',
  className,
  withPanels = false,
}: TabsProps<T>) {
  const listRef = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const enabled = items.filter((item) => !item.disabled);
    const index = enabled.findIndex((item) => item.id === value);
    let next: TabItem<T> | undefined;
    if (event.key === 'ArrowRight') next = enabled[(index + 1) % enabled.length];
    else if (event.key === 'ArrowLeft') next = enabled[(index - 1 + enabled.length) % enabled.length];
    else if (event.key === 'Home') next = enabled[0];
    else if (event.key === 'End') next = enabled[enabled.length - 1];
    if (!next) return;
    event.preventDefault();
    onChange(next.id);
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(idPrefix, next.id))}`)?.focus();
  };

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={cn(
        'scrollbar-none flex gap-1 overflow-x-auto',
        variant === 'pill' ? 'rounded-full bg-blush-100 p-1' : 'border-b border-blush-200',
        className,
      )}
    >
      {items.map((item) => {
        const selected = item.id === value;
        return (
          <button
            key={item.id}
            id={tabId(idPrefix, item.id)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={withPanels && selected ? tabPanelId(idPrefix, item.id) : undefined}
            tabIndex={selected ? 0 : -1}
            disabled={item.disabled}
            data-testid={`${idPrefix}-tab-${item.id}`}
            onClick={() => onChange(item.id)}
            className={cn(
              'inline-flex shrink-0 items-center gap-1.5 text-sm font-medium whitespace-nowrap transition-colors disabled:opacity-50',
              variant === 'pill'
                ? cn(
                    'flex-1 justify-center rounded-full px-4 py-2',
                    selected ? 'bg-white text-plum-800 shadow-soft' : 'text-ink-500 hover:text-plum-700',
                  )
                : cn(
                    '-mb-px border-b-2 px-3 py-2.5',
                    selected
                      ? 'border-plum-700 text-plum-800'
                      : 'border-transparent text-ink-500 hover:border-blush-300 hover:text-plum-700',
                  ),
            )}
          >
            {item.label}
            {item.count !== undefined && (
              <span
                className={cn(
                  'rounded-full px-1.5 py-0.5 text-[11px] leading-none font-semibold',
                  selected ? 'bg-plum-100 text-plum-800' : 'bg-blush-200 text-ink-700',
                )}
              >
                {item.count}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel({ idPrefix, id, children, className }: { idPrefix: string; id: string; children: ReactNode; className?: string }) {
  return (
    <div role="tabpanel" id={tabPanelId(idPrefix, id)} aria-labelledby={tabId(idPrefix, id)} className={className}>
      {children}
    </div>
  );
}
