import type { AuditEntry, AuditPerson } from '@campus/contract/audit';
import { pages } from '@campus/contract/pages';
import { Link, useSearchParams } from 'react-router';
import { SelectField, TextField } from '../../components/Field';
import { usePageTitle } from '../../lib/use-page-title';
import { AdminNav } from './AdminNav';
import { auditExportHref, useAuditLog } from './api/audit';
import { ACTION_LABELS, nobody } from './audit-words';
import { AuditList } from './AuditList';
import type { AuditFilter } from './keys';
import { RequireAdmin } from './RequireAdmin';
import { SearchBox } from './SearchBox';
import { auditFilterOf } from './audit-filter';
import { queryOf } from './user-filter';

/**
 * /admin/audit: the audit trail, newest first, by action, by a person searched for (as actor or
 * target), by the people in it, and by days. A person is also chosen by following their name in
 * an entry (or from their user page); the filters live in the URL, so Back and reload keep them.
 * Export downloads what the filters find as CSV.
 */
export default function AuditPage() {
  usePageTitle('Audit log');
  return <RequireAdmin>{() => <Audit />}</RequireAdmin>;
}

const ACTION_OPTIONS = [{ value: '', label: 'All actions' }, ...Object.entries(ACTION_LABELS).map(([value, label]) => ({ value, label }))];
const LINK = 'rounded font-medium text-campus-700 underline focus-visible:outline-2 focus-visible:outline-campus-600';

/** The name of the person a filter holds, from an entry that shows them; their id alone until one does. */
function nameOf(entries: AuditEntry[] | undefined, id: string): string {
  for (const e of entries ?? []) {
    if (e.actor?._id === id) return e.actor.fullname;
    if (e.target._id === id) return e.target.fullname;
  }
  return 'one person';
}

function Audit() {
  const [params] = useSearchParams();
  const filter = auditFilterOf(params);
  const entries = useAuditLog(filter);
  const to = (next: Partial<AuditFilter>) => pages.adminAudit({ ...filter, ...next });
  const person = (p: AuditPerson, role: 'actor' | 'target') => (
    <Link className={LINK} to={to({ [role]: p._id })} aria-label={`Entries ${role === 'actor' ? 'by' : 'about'} ${p.fullname}`}>
      {p.fullname}
    </Link>
  );

  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-5">
      <h1 className="text-2xl font-bold text-campus-900">Audit log</h1>
      <AdminNav />
      <div className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <Filters filter={filter} />
        {(filter.actor || filter.target) && (
          <ul aria-label="People filtered by" className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700">
            {filter.actor && (
              <li>
                Done by {nameOf(entries.data, filter.actor)} ·{' '}
                <Link className={LINK} to={to({ actor: '' })}>
                  Anyone
                </Link>
              </li>
            )}
            {filter.target && (
              <li>
                About {nameOf(entries.data, filter.target)} ·{' '}
                <Link className={LINK} to={to({ target: '' })}>
                  Anyone
                </Link>
              </li>
            )}
          </ul>
        )}
      </div>
      <AuditList
        query={entries}
        label="Audit entries"
        empty="No entries match."
        extra={(entry) => (
          <>
            {' · by '}
            {entry.actor ? person(entry.actor, 'actor') : nobody(entry)}
            {' · about '}
            {person(entry.target, 'target')}
            {' · '}
            <Link className={LINK} to={pages.adminUser(entry.target._id)}>
              User page
            </Link>
            {entry.ip && ` · from ${entry.ip}`}
          </>
        )}
      />
    </section>
  );
}

/**
 * The filters: a person (Enter or Search), the action and the days each apply at once and become a
 * step Back can undo; Export downloads what they find.
 */
function Filters({ filter }: { filter: AuditFilter }) {
  const [, setParams] = useSearchParams();
  const set = (next: Partial<AuditFilter>) => setParams(queryOf({ ...filter, ...next }));
  return (
    <div role="search" aria-label="Audit log" className="grid gap-4 md:grid-cols-[1fr_14rem]">
      <SearchBox label="Person" hint="A registration id or its first digits, or part of a name or email: entries by or about them." value={filter.q} onSearch={(q) => set({ q })} />
      <SelectField label="Action" options={ACTION_OPTIONS} value={filter.action} onChange={(e) => set({ action: e.target.value as AuditFilter['action'] })} />
      <div className="flex flex-wrap items-end gap-4 md:col-span-2">
        <TextField label="From" type="date" value={filter.from} max={filter.to || undefined} onChange={(e) => set({ from: e.target.value })} />
        <TextField label="To" type="date" value={filter.to} min={filter.from || undefined} onChange={(e) => set({ to: e.target.value })} />
        <a className={`${LINK} pb-2`} href={auditExportHref(filter)} download>
          Export as CSV
        </a>
      </div>
    </div>
  );
}
