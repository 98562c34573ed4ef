import { useCallback, useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';

export interface Flash {
  kind: 'success' | 'error';
  text: string;
}

/** A section's message; success messages clear after 3 seconds (merchant doc point 9), errors stay. */
export function useFlash(): [Flash | null, (kind: Flash['kind'], text: string) => void, () => void] {
  const [flash, setFlash] = useState<Flash | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const clear = useCallback(() => {
    window.clearTimeout(timer.current);
    setFlash(null);
  }, []);
  const show = useCallback((kind: Flash['kind'], text: string) => {
    window.clearTimeout(timer.current);
    setFlash({ kind, text });
    if (kind === 'success') timer.current = window.setTimeout(() => setFlash(null), 3000);
  }, []);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return [flash, show, clear];
}

export function Banner({ flash, testId }: { flash: Flash | null; testId?: string }) {
  if (!flash) return null;
  return (
    <p
      role={flash.kind === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={cn(
        'mb-4 rounded-xl px-3 py-2 text-sm font-medium',
        flash.kind === 'success' ? 'bg-emerald-50 text-emerald-800' : 'bg-red-50 text-red-700',
      )}
    >
      {flash.text}
    </p>
  );
}
