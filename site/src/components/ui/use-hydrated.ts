import { useEffect, useState } from 'react';

/**
 * False in the server HTML and on the first client render, true once the island has hydrated.
 * Forms keep their submit button disabled until then, so an early Enter cannot fall back to a
 * native GET submit that would put the password in the URL.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
