import type { ComponentType } from 'react';

export interface NavItem {
  label: string;
  /** Link target; may carry a query or hash. */
  to: string;
  testId: string;
  icon?: ComponentType<{ className?: string }>;
  /** Paths (lower case, no query) that mark the item active; defaults to the path of `to`. */
  activeOn?: string[];
  /** Match only the exact path instead of the path and its children. */
  exact?: boolean;
  onSelect?: () => void;
}

export function pathOf(to: string): string {
  return to.split(/[?#]/)[0].toLowerCase();
}

export function isActive(item: NavItem, pathname: string): boolean {
  const current = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  const targets = item.activeOn ?? [pathOf(item.to)];
  return targets.some((target) =>
    item.exact || target === '/' ? current === target : current === target || current.startsWith(`${target}/`),
  );
}
