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
  /** Paths (lower case) under `activeOn` that belong to another item. */
  notOn?: RegExp;
  /** Paths (lower case) outside `activeOn` that also mark the item active. */
  alsoOn?: RegExp;
  onSelect?: () => void;
  /** Shown in the top navigation from the lg breakpoint only (the avatar menu has it on narrower screens). */
  wideOnly?: boolean;
  /** A desktop drop-down of related screens; the item is active when one of them is. */
  children?: NavItem[];
}

export function pathOf(to: string): string {
  return to.split(/[?#]/)[0].toLowerCase();
}

/** A booking's own page sits under its salon's path but is about the booking, not the salon list. */
export const BOOKING_RECORD_PATH = /^\/salon\/[^/]+\/booking\/confirmation$/;

export function isActive(item: NavItem, pathname: string): boolean {
  if (item.children) return item.children.some((child) => isActive(child, pathname));
  const current = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  if (item.notOn?.test(current)) return false;
  if (item.alsoOn?.test(current)) return true;
  const targets = item.activeOn ?? [pathOf(item.to)];
  return targets.some((target) =>
    item.exact || target === '/' ? current === target : current === target || current.startsWith(`${target}/`),
  );
}
