import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/** After every route change the page scrolls smoothly to the top (customer doc point 2). */
export function ScrollToTop() {
  const [location] = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo({ top: 0, left: 0, behavior: 'smooth' });
  }, [location]);
  return null;
}
