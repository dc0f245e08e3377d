import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/use-page-title';

/** A centred card with the page's title: the frame of every form page. */
export function FormPage({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <section className="mx-auto w-full max-w-lg rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h1 className="text-2xl font-bold text-campus-900">{title}</h1>
      {intro && <p className="mt-1 text-sm text-slate-600">{intro}</p>}
      <div className="mt-6">{children}</div>
    </section>
  );
}
