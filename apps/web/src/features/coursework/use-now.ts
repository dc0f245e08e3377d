import { useEffect, useState } from 'react';

/**
 * The page's clock: null until it first ticks (the page shows the server's figures until then),
 * then Date.now() every `everyMs`, so a cost said before the button stays true as time passes.
 */
export function useNow(everyMs = 15_000): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
