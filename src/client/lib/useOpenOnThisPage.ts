import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';

/**
 * Whether a menu or drop-down is open, and a stable setter: following a link (or Back) closes it,
 * while that page renders, with no effect resetting it after the fact. (biome.json lists the
 * setter as this hook's stable result, like a useState setter.)
 */
export function useOpenOnThisPage(): [boolean, (open: boolean) => void] {
  const [location] = useLocation();
  const [state, setState] = useState({ open: false, on: location });
  // Another page: closed there (React renders again at once, before anything is shown).
  if (state.on !== location) setState({ open: false, on: location });
  const setOpen = useCallback((open: boolean) => setState((s) => ({ open, on: s.on })), []);
  return [state.open && state.on === location, setOpen];
}
