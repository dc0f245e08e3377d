import type { ReactNode } from 'react';

/** A titled panel of an administration page (a user's details, a test sign-in's claims). */
export function AdminCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 className="mb-3 text-lg font-semibold text-campus-900">{title}</h2>
      {children}
    </section>
  );
}
