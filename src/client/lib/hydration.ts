import { useEffect, useRef, useState } from 'react';

/*
 * While the client hydrates the server's HTML (main.tsx), every component's first render must be
 * the server's: what only the browser knows (storage, the device) is read after it. Outside of
 * hydration (a signed-in account's render, a later page of the visit) it is read at once, so nothing
 * renders or asks twice.
 */
let hydrating = false;

/** Set by main.tsx before `hydrateRoot`; ended by App once that render has committed. */
export function setHydrating(value: boolean): void {
  hydrating = value;
}

/** `read()` of a value only the browser knows: the server's `fallback` during hydration (and on the server), then the browser's. */
export function useBrowserValue<T>(read: () => T, fallback: T): T {
  const deferred = useRef(hydrating || typeof window === 'undefined');
  const [value, setValue] = useState(() => (deferred.current ? fallback : read()));
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, as a useState initializer would.
  useEffect(() => {
    if (deferred.current) setValue(read());
  }, []);
  return value;
}
