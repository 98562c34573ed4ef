import { atom } from 'jotai';
import { appStore } from './session';

export type ToastKind = 'success' | 'error' | 'info';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

export const toastsAtom = atom<ToastItem[]>([]);

const MAX_VISIBLE = 4;
/** Success and info toasts leave on their own; error toasts stay until clicked (spec: clears on click). */
const AUTO_DISMISS_MS: Record<ToastKind, number | null> = { success: 3000, info: 4000, error: null };

let nextId = 1;

export function dismissToast(id: number): void {
  appStore.set(toastsAtom, (list) => list.filter((t) => t.id !== id));
}

function push(kind: ToastKind, message: string, durationMs?: number | null): number {
  const id = nextId++;
  appStore.set(toastsAtom, (list) => [...list.filter((t) => t.message !== message), { id, kind, message }].slice(-MAX_VISIBLE));
  const ms = durationMs === undefined ? AUTO_DISMISS_MS[kind] : durationMs;
  if (ms !== null) window.setTimeout(() => dismissToast(id), ms);
  return id;
}

export const toast = {
  success: (message: string, durationMs?: number | null) => push('success', message, durationMs),
  error: (message: string, durationMs?: number | null) => push('error', message, durationMs),
  info: (message: string, durationMs?: number | null) => push('info', message, durationMs),
  dismiss: dismissToast,
  clear: () => appStore.set(toastsAtom, []),
};
