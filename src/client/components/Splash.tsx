import { useEffect, useState } from 'react';
import { STORAGE_KEYS, readItem, writeItem } from '../state/storage';
import { LogoMark } from './Logo';

export const SPLASH_MS = 2500;

/** Brand splash for 2.5 s on the first visit only (remembered with the splashSeen key); a click skips it. */
export function Splash() {
  const [visible, setVisible] = useState(() => readItem(STORAGE_KEYS.splashSeen) === null);

  useEffect(() => {
    if (!visible) return;
    writeItem(STORAGE_KEYS.splashSeen, 'true');
    const timer = window.setTimeout(() => setVisible(false), SPLASH_MS);
    return () => window.clearTimeout(timer);
  }, [visible]);

  if (!visible) return null;
  return (
    <div
      role="status"
      aria-label="Welcome to GlowBook"
      data-testid="splash-screen"
      onClick={() => setVisible(false)}
      className="fixed inset-0 z-[100] flex animate-fade-in flex-col items-center justify-center gap-5 bg-gradient-to-br from-plum-800 via-plum-700 to-rose-500 text-white"
    >
      <LogoMark className="size-20 animate-splash drop-shadow-xl" />
      <p className="text-3xl font-bold tracking-tight">
        Glow<span className="text-rose-200">Book</span>
      </p>
      <p className="text-sm text-white/80">Beauty & wellness, booked in seconds</p>
    </div>
  );
}
