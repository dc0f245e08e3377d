import type { AuditEntry } from '@campus/contract/audit';
import type { ReactNode } from 'react';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { formatMoment } from '../../lib/dates';
import { auditSentence, type Reader } from './audit-words';
import { MoreButton, type PagedQuery } from './MoreButton';

/**
 * Audit entries, newest first, each "what happened" in a sentence and when; the list's three
 * states and its "More". `extra` adds to an entry what an administrator needs (the address, links
 * that filter by the people named).
 */
export function AuditList({
  query,
  reader,
  label,
  empty,
  extra,
}: {
  query: PagedQuery<AuditEntry>;
  reader?: Reader;
  label: string;
  empty: string;
  extra?: (entry: AuditEntry) => ReactNode;
}) {
  if (query.isError && !query.data) return <LoadError error={query.error} onRetry={query.refetch} retrying={query.isFetching} />;
  if (!query.data) return <Spinner label="Loading entries" />;
  if (query.data.length === 0) return <p className="py-6 text-slate-600">{empty}</p>;
  return (
    <div className="flex flex-col gap-4">
      <ol aria-label={label} className="flex flex-col divide-y divide-slate-100 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        {query.data.map((entry) => (
          <li key={entry._id} className="flex flex-col gap-1 px-4 py-3">
            <p className="break-words text-slate-900">{auditSentence(entry, reader)}</p>
            <p className="text-sm text-slate-600">
              <time dateTime={entry.at}>{formatMoment(entry.at)}</time>
              {extra?.(entry)}
            </p>
          </li>
        ))}
      </ol>
      <MoreButton query={query} what="entries" />
    </div>
  );
}
