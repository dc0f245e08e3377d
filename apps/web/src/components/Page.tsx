import type { ReactNode } from 'react';

/** A centred card with a page title: the frame of every form page. */
export function FormPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-lg rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h1 className="mb-6 text-2xl font-bold text-campus-900">{title}</h1>
      {children}
    </section>
  );
}
