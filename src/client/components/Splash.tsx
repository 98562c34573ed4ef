import { useEffect, useState } from 'react';
import { readItem, STORAGE_KEYS, writeItem } from '../state/storage';
import { LogoMark } from './Logo';

export const SPLASH_MS = 2500;

/**
 * The brand splash for 2.5 s on a first visit that lands on the home page (remembered with the
 * splashSeen key); a deep link to a salon or a booking opens straight away. A click or Escape skips
 * it. It appears once, when the app loads, never on a later in-app visit to the home page.
 */
export function Splash() {
  const [visible, setVisible] = useState(() => readItem(STORAGE_KEYS.splashSeen) === null && window.location.pathname === '/');

  useEffect(() => {
    // Whatever page a first visit lands on, it is the first visit: the splash never shows later.
    writeItem(STORAGE_KEYS.splashSeen, 'true');
  }, []);

  useEffect(() => {
    if (!visible) return;
    const timer = window.setTimeout(() => setVisible(false), SPLASH_MS);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setVisible(false);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('keydown', onKey);
    };
  }, [visible]);

  if (!visible) return null;
  return (
    <div
      role="status"
      aria-label="Welcome to GlowBook"
      data-testid="splash-screen"
      onClick={() => setVisible(false)}
      className="fixed inset-0 z-[100] flex animate-fade-in flex-col items-center justify-center gap-5 bg-gradient-to-br from-plum-800 via-plum-700 to-rose-600 text-white"
    >
      <LogoMark className="size-20 animate-splash" />
      <p className="text-3xl font-bold tracking-tight">
        Glow<span className="text-rose-200">Book</span>
      </p>
      <p className="text-sm text-white/85">Beauty & wellness, booked in seconds</p>
      <p className="absolute bottom-8 text-xs text-white/80">Press Escape or tap to skip</p>
    </div>
  );
}
