import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { CloseIcon } from '../../components/icons';
import { Button } from '../../components/ui/Button';
import { usePhone } from '../../lib/usePhone';
import { installAvailable, onInstallAvailable, promptInstall } from '../discovery/installPrompt';

/** Set once the visitor says no: the offer never comes back in this browser. */
export const INSTALL_DISMISSED_KEY = 'installDismissed';
const PAGES_KEY = 'installPagesSeen';
/** Pages seen in this visit before the offer: someone who came back to browse, not a passer-by. */
export const INSTALL_AFTER_PAGES = 3;
/** Screens that are a task in progress: nothing is added above their form. */
const TASK_PATH =
  /^\/(login|register|forgot-password|merchant\/(login|register|forgot-password)|salon\/[^/]+\/booking\/(select|review))\b/i;

/** Whether the offer may show (issue 30 item 9): a phone, after some browsing, never over a task, never once declined. */
export function installOfferAllowed(s: {
  available: boolean;
  phone: boolean;
  pagesSeen: number;
  path: string;
  dismissed: boolean;
}): boolean {
  return s.available && s.phone && !s.dismissed && s.pagesSeen >= INSTALL_AFTER_PAGES && !TASK_PATH.test(s.path);
}

function read(storage: 'local' | 'session', key: string): string | null {
  try {
    return (storage === 'local' ? window.localStorage : window.sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

function write(storage: 'local' | 'session', key: string, value: string): void {
  try {
    (storage === 'local' ? window.localStorage : window.sessionStorage).setItem(key, value);
  } catch {
    // storage unavailable: remembered for this page only
  }
}

/** Counts the pages seen in this visit (sessionStorage), one per route. */
function usePagesSeen(path: string): number {
  const [seen, setSeen] = useState(() => Number(read('session', PAGES_KEY)) || 0);
  // The route last counted: each is counted once, however often the effect runs for it.
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (counted.current === path) return;
    counted.current = path;
    setSeen((n) => {
      const next = n + 1;
      write('session', PAGES_KEY, String(next));
      return next;
    });
  }, [path]);
  return seen;
}

/**
 * "Install GlowBook" when the browser offers installation, as a card at the top of the page's
 * content (it takes its own space, so it never covers a button): on phones only, from the third
 * page of a visit, not on sign-in or booking forms. "Not now" or × turns it off for good.
 */
export function InstallBanner() {
  const [path] = useLocation();
  const [available, setAvailable] = useState(installAvailable());
  const [dismissed, setDismissed] = useState(() => read('local', INSTALL_DISMISSED_KEY) !== null);
  const phone = usePhone();
  const pagesSeen = usePagesSeen(path);
  useEffect(() => onInstallAvailable(() => setAvailable(installAvailable())), []);
  if (!installOfferAllowed({ available, phone, pagesSeen, path, dismissed })) return null;
  const dismiss = () => {
    write('local', INSTALL_DISMISSED_KEY, new Date().toISOString());
    setDismissed(true);
  };
  return (
    <div
      role="region"
      aria-label="Install the app"
      className="mx-4 mt-3 flex items-center gap-3 rounded-2xl border border-blush-200 bg-white p-3 shadow-soft"
      data-testid="install-banner"
    >
      <img src="/icon-192.png" alt="" width={40} height={40} className="size-10 rounded-xl" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-ink-900">Install GlowBook</p>
        <p className="text-xs text-ink-500">Book faster from your home screen.</p>
      </div>
      <Button size="sm" onClick={() => void promptInstall()} data-testid="install-accept">
        Install
      </Button>
      <button
        type="button"
        onClick={dismiss}
        aria-label="Not now: don't offer again"
        className="rounded-full p-1.5 text-ink-500 hover:bg-blush-100"
        data-testid="install-dismiss"
      >
        <CloseIcon className="size-4" />
      </button>
    </div>
  );
}
