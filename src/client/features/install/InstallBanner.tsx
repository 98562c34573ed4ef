import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { installAvailable, onInstallAvailable, promptInstall } from '../discovery/installPrompt';

const DISMISSED_KEY = 'installDismissedAt';
const QUIET_DAYS = 30;

function recentlyDismissed(): boolean {
  try {
    const at = Number(window.localStorage.getItem(DISMISSED_KEY));
    return Number.isFinite(at) && Date.now() - at < QUIET_DAYS * 86_400_000;
  } catch {
    return false;
  }
}

/**
 * "Install GlowBook" when the browser offers installation (it never does inside the installed
 * app); "Not now" keeps it quiet for a month.
 */
export function InstallBanner() {
  const [available, setAvailable] = useState(installAvailable());
  const [hidden, setHidden] = useState(recentlyDismissed());
  useEffect(() => onInstallAvailable(() => setAvailable(installAvailable())), []);
  if (!available || hidden) return null;
  const dismiss = () => {
    try {
      window.localStorage.setItem(DISMISSED_KEY, String(Date.now()));
    } catch {
      // storage unavailable: hide for this visit only
    }
    setHidden(true);
  };
  return (
    <div role="region" aria-label="Install the app" className="fixed inset-x-3 bottom-3 z-40 mx-auto flex max-w-md items-center gap-3 rounded-2xl border border-blush-200 bg-white p-3 shadow-lift sm:bottom-5" data-testid="install-banner">
      <img src="/icon-192.png" alt="" className="size-10 rounded-xl" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-ink-900">Install GlowBook</p>
        <p className="text-xs text-ink-500">Book faster from your home screen.</p>
      </div>
      <Button size="sm" variant="ghost" onClick={dismiss}>
        Not now
      </Button>
      <Button size="sm" onClick={() => void promptInstall()}>
        Install
      </Button>
    </div>
  );
}
