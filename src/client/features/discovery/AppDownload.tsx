import { useEffect, useRef, useState } from 'react';
import { CheckCircleIcon } from '../../components/icons';
import { Button } from '../../components/ui/Button';
import { useNearViewport } from '../../lib/useNearViewport';
import { installAvailable, onInstallAvailable, promptInstall } from './installPrompt';

const PERKS = ['Book in three taps, day or night', 'Reminders before every appointment', 'Show your QR code at the salon to check in'];

/** App promotion: a QR code of this site for the phone, and the install prompt when the browser offers one. */
export function AppDownload() {
  const [qr, setQr] = useState<string | null>(null);
  const [canInstall, setCanInstall] = useState(installAvailable());
  const section = useRef<HTMLElement>(null);
  // Drawing the code took the home page's load longer than anything but React itself (Lighthouse's
  // blocking time): it waits until the section is about to scroll into view.
  const near = useNearViewport(section, '300px');

  useEffect(() => onInstallAvailable(() => setCanInstall(installAvailable())), []);

  useEffect(() => {
    if (!near) return;
    let cancelled = false;
    // qrcode is only needed here, below the fold: keep it out of the home route's first chunk. An SVG
    // is a few path strings where a PNG is a canvas filled pixel by pixel.
    import('qrcode')
      .then((QR) => QR.toString(window.location.origin, { type: 'svg', margin: 1, color: { dark: '#3f1531', light: '#ffffff' } }))
      .then((svg) => !cancelled && setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [near]);

  return (
    <section ref={section} className="mx-auto mt-12 max-w-7xl px-4 sm:px-6 lg:px-8" data-testid="section-app">
      <div className="grid items-center gap-8 overflow-hidden rounded-3xl bg-gradient-to-br from-rose-50 via-white to-gold-100 px-6 py-8 ring-1 ring-blush-200 sm:px-10 md:grid-cols-[1fr_auto]">
        <div>
          <p className="text-xs font-semibold tracking-widest text-rose-600 uppercase">GlowBook on your phone</p>
          <h2 className="mt-1 text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">Your salon, in your pocket</h2>
          <ul className="mt-4 space-y-2">
            {PERKS.map((p) => (
              <li key={p} className="flex items-center gap-2 text-sm text-ink-700">
                <CheckCircleIcon className="size-5 shrink-0 text-emerald-600" />
                {p}
              </li>
            ))}
          </ul>
          {canInstall && (
            <Button className="mt-5" onClick={() => void promptInstall()}>
              Install the app
            </Button>
          )}
        </div>
        <div className="flex flex-col items-center gap-2 justify-self-center">
          <div className="rounded-2xl bg-white p-3 shadow-lift ring-1 ring-blush-200">
            {qr ? (
              <img src={qr} alt="QR code to open GlowBook on your phone" width={176} height={176} className="size-44" />
            ) : (
              <div className="size-44 animate-pulse rounded-lg bg-blush-100" aria-hidden="true" />
            )}
          </div>
          <p className="text-xs font-medium text-ink-500">Scan with your phone camera</p>
        </div>
      </div>
    </section>
  );
}
