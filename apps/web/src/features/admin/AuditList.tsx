import type { AuditEntry } from '@campus/contract/audit';
import type { ReactNode } from 'react';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { formatMoment } from '../../lib/dates';
import { auditSentence, type Reader } from './audit-words';
import { MoreButton, type PagedQuery } from './MoreButton';

/** Entries in a row that say the same thing, shown as one line: the newest, and how many. */
interface Run {
  entry: AuditEntry;
  times: number;
}

/** The same new-device sign-in again: same person, same browser and system (a cleared cookie, a private window). */
const sameSignIn = (a: AuditEntry, b: AuditEntry) =>
  a.action === 'user.signed_in_new_device' &&
  b.action === a.action &&
  a.target._id === b.target._id &&
  a.actor?._id === b.actor?._id &&
  a.details.device?.browser === b.details.device?.browser &&
  a.details.device?.os === b.details.device?.os;

/** Consecutive repeats of a new-device sign-in folded into one run; every other entry stands alone. */
export function foldRepeats(entries: AuditEntry[]): Run[] {
  const runs: Run[] = [];
  for (const entry of entries) {
    const last = runs.at(-1);
    if (last && sameSignIn(last.entry, entry)) last.times++;
    else runs.push({ entry, times: 1 });
  }
  return runs;
}

/**
 * Audit entries, newest first, each "what happened" in a sentence and when; the list's three
 * states and its "More". Repeated new-device sign-ins in a row are one line, "· 3 times".
 * `extra` adds to an entry what an administrator needs (the address, links that filter by the
 * people named).
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
        {foldRepeats(query.data).map(({ entry, times }) => (
          <li key={entry._id} className="flex flex-col gap-1 px-4 py-3">
            <p className="break-words text-slate-900">{times > 1 ? `${auditSentence(entry, reader).replace(/\.$/, '')} · ${times} times` : auditSentence(entry, reader)}</p>
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
