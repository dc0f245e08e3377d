import type { ReactNode } from 'react';

/**
 * What a page says to a logged-in visitor it is not for (the marksheet pages to the wrong role,
 * the administration to anyone but an administrator): the server would refuse them too (403).
 */
export function NotForYou({ children }: { children: ReactNode }) {
  return <p className="mx-auto max-w-lg rounded-lg bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200">{children}</p>;
}
