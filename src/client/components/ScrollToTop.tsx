import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/** After every route change the page scrolls smoothly to the top (customer doc point 2). */
export function ScrollToTop() {
  const [location] = useLocation();
  // The page the window was last scrolled for: the first one is left where the browser put it.
  const scrolledFor = useRef(location);
  useEffect(() => {
    if (scrolledFor.current === location) return;
    scrolledFor.current = location;
    window.scrollTo({ top: 0, left: 0, behavior: 'smooth' });
  }, [location]);
  return null;
}
