import type { ReactNode } from 'react';

/** The message for visitors a page is not for (marksheets: students; applications: the exam office). */
export function NotForYou({ children }: { children: ReactNode }) {
  return <p className="mx-auto max-w-lg rounded-lg bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200">{children}</p>;
}
