import { useEffect, useState } from 'react';

/** Phones: below the layout's 771 px switch from the top navigation to the bottom bar. */
export const PHONE_QUERY = '(max-width: 770px)';

export function usePhone(): boolean {
  const [phone, setPhone] = useState(() => (typeof window !== 'undefined' && window.matchMedia?.(PHONE_QUERY).matches) || false);
  useEffect(() => {
    const query = window.matchMedia?.(PHONE_QUERY);
    if (!query) return;
    const onChange = () => setPhone(query.matches);
    onChange();
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return phone;
}
