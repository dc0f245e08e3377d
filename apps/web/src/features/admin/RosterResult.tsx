import { IMPORT_LIST_MAX } from '@campus/contract/roster-columns';
import type { ImportChange, ImportChangeValue, ImportCounts, ImportError, RosterImport } from '@campus/contract/roster';
import { useId, useState, type ReactNode, type RefObject } from 'react';
import { ErrorBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { errorText } from '../../lib/api';
import { cellSentence } from '../../lib/admin-words';
import { useInviteImported } from './api/roster';
import { ACTION_WORDS, actionsSaid, CARD, changesIn, countOf, formatCount } from './roster-help';

/**
 * What the roster page shows of a file sent: a preview, a refusal or what applying did — the
 * counts, the errors by line and column, each row's change, and the Apply button.
 */
const TH = 'sticky top-0 bg-slate-100 px-3 py-2 text-left font-semibold text-slate-700';
const TD = 'px-3 py-2 align-top';

/** A preview, or what applying did: the counts, the errors, the rows' changes, and `children` (Apply). */
export function ImportResult({ result, fileName, headingRef, children }: { result: RosterImport; fileName: string; headingRef: RefObject<HTMLHeadingElement | null>; children?: ReactNode }) {
  const title = result.status === 'applied' ? `Applied: ${fileName}` : result.status === 'refused' ? `Not applied: ${fileName}` : `Preview of ${fileName}`;
  return (
    <section aria-label={title} className={CARD}>
      <h2 ref={headingRef} tabIndex={-1} className="break-all text-lg font-semibold text-campus-900 focus:outline-none">
        {title}
      </h2>
      <Summary result={result} />
      <Counts counts={result.counts} />
      {result.errors.length > 0 && <ErrorsTable errors={result.errors} total={result.counts.errors} />}
      {result.changes.length > 0 && (
        <ChangesTable changes={result.changes} total={result.counts.created + result.counts.updated + result.counts.unchanged + result.counts.removed} />
      )}
      {children}
    </section>
  );
}

/** What the result means, in a sentence or two, announced as it arrives (errors as an alert). */
function Summary({ result }: { result: RosterImport }) {
  const { counts, status } = result;
  if (counts.errors > 0) {
    // Rows with errors when every error is listed; the count of errors when the list stops short.
    const found = result.errors.length < counts.errors ? `${formatCount(counts.errors)} errors` : countOf(new Set(result.errors.map((e) => e.line)).size, 'row with an error', 'rows with errors');
    return (
      <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-800">
        {status === 'previewed'
          ? `The preview found ${found}. Nothing can be applied while the file has errors: fix it and choose it again.`
          : `Nothing was applied: applying found ${found}. Fix the file and choose it again.`}
      </p>
    );
  }
  const unchanged = counts.unchanged > 0 ? ` ${countOf(counts.unchanged, 'row was', 'rows were')} already as the file says.` : '';
  if (status === 'applied') {
    return (
      <p role="status" className="rounded-lg border border-green-300 bg-green-50 p-3 text-green-900">
        {changesIn(counts) > 0 ? `The roster has been applied: it ${actionsSaid(result, 'past')}.` : 'The roster has been applied: nothing needed changing.'}
        {unchanged}
      </p>
    );
  }
  return (
    <p role="status" className="text-slate-700">
      {changesIn(counts) === 0
        ? 'Every row is already as the file says: there is nothing to apply.'
        : `Nothing has changed yet. Applying this file would ${actionsSaid(result, 'base')}.${unchanged}`}
    </p>
  );
}

function Counts({ counts }: { counts: ImportCounts }) {
  const shown: [string, number][] = [
    ['Rows', counts.rows],
    ['New', counts.created],
    ['Changed', counts.updated],
    ['Unchanged', counts.unchanged],
    ['Removed', counts.removed],
    ['Errors', counts.errors],
  ];
  return (
    <dl className="grid grid-cols-3 gap-2 sm:grid-cols-6">
      {shown.map(([label, n]) => (
        <div key={label} className={`rounded-lg p-2 text-center ring-1 ${label === 'Errors' && n > 0 ? 'bg-red-50 ring-red-200' : 'bg-slate-50 ring-slate-200'}`}>
          <dt className="text-xs font-medium text-slate-600">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums text-slate-900">{formatCount(n)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "the first 1,000 of 2,345" when a list stops short of its count. */
const firstOf = (listed: number, total: number) => (listed >= IMPORT_LIST_MAX && total > listed ? ` (the first ${formatCount(listed)} of ${formatCount(total)})` : '');

/** A table that scrolls within its box, reachable by keyboard (a scrolling box must be), with its column headings; `children` are its rows. */
function ScrollTable({ caption, headings, children }: { caption: string; headings: string[]; children: ReactNode }) {
  const id = useId();
  return (
    <div role="region" aria-labelledby={id} tabIndex={0} className="max-h-[28rem] overflow-auto rounded-lg ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-campus-600">
      <table className="w-full border-collapse text-sm">
        <caption id={id} className="bg-white px-3 py-2 text-left font-semibold text-slate-900">
          {caption}
        </caption>
        <thead>
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className={TH}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

/** A row's refusal worded by its code (its column is the field), and the cell it is about, as the file has it. */
function rowProblem({ code, column, params, value }: ImportError): string {
  const said = cellSentence({ code, field: column, params });
  return value === null ? said : `${said} Found: “${value}”.`;
}

function ErrorsTable({ errors, total }: { errors: ImportError[]; total: number }) {
  return (
    <ScrollTable caption={`Errors${firstOf(errors.length, total)}`} headings={['Line', 'Column', 'Problem']}>
      {errors.map((error, i) => (
        <tr key={`${error.line}-${error.column}-${i}`}>
          <td className={`${TD} tabular-nums`}>{error.line}</td>
          <td className={TD}>{error.column === null ? 'whole row' : <code className="font-mono">{error.column}</code>}</td>
          <td className={`${TD} break-words text-red-800`}>{rowProblem(error)}</td>
        </tr>
      ))}
    </ScrollTable>
  );
}

/** The changes shown at first, and added by each "Show more": a long list is read a page at a time. */
const CHANGES_PAGE = 100;

function ChangesTable({ changes, total }: { changes: ImportChange[]; total: number }) {
  const [shown, setShown] = useState(CHANGES_PAGE);
  return (
    <div className="flex flex-col items-start gap-2">
      <ScrollTable caption={`What each row does${firstOf(changes.length, total)}`} headings={['Line', 'Action', 'Key', 'Values']}>
        {changes.slice(0, shown).map((change) => (
          <tr key={change.line}>
            <td className={`${TD} tabular-nums`}>{change.line}</td>
            <td className={TD}>{ACTION_WORDS[change.action]}</td>
            <td className={`${TD} tabular-nums`}>{change.key}</td>
            <td className={`${TD} break-words`}>
              <ChangeValues change={change} />
            </td>
          </tr>
        ))}
      </ScrollTable>
      {shown < changes.length && (
        <Button variant="secondary" onClick={() => setShown((n) => n + CHANGES_PAGE)}>
          Show {formatCount(Math.min(CHANGES_PAGE, changes.length - shown))} more of {formatCount(changes.length)}
        </Button>
      )}
    </div>
  );
}

/** A value as the table shows it: none as a dash. */
const shownValue = (value: ImportChangeValue | undefined) => (value === undefined || value === null || value === '' ? '—' : String(value));

/**
 * A row's values: each column a new row sets with its value (so a Devanagari name can be seen to
 * have come through), or each changed column before and after. An import recorded before changes
 * carried values lists the changed columns' names.
 */
function ChangeValues({ change }: { change: ImportChange }) {
  const before = change.before;
  const columns = change.fields.length > 0 ? change.fields : Object.keys(change.values);
  if (columns.length === 0) return <>—</>;
  const known = Object.keys(change.values).length > 0 || before !== undefined;
  if (!known) return <>{columns.join(', ')}</>;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
      {columns.map((column) => (
        <div key={column} className="contents">
          <dt className="font-mono text-xs text-slate-500">{column}</dt>
          <dd className="text-slate-900">
            {before ? (
              <>
                <span className="text-slate-500 line-through">{shownValue(before[column])}</span>
                <span aria-label="changes to"> → </span>
                {shownValue(change.values[column])}
              </>
            ) : (
              shownValue(change.values[column])
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * After a users file is applied: "Invite the N new accounts", an invitation to set a first
 * password to each account it made that has none yet (the server counts who still needs one).
 */
export function InviteButton({ result }: { result: RosterImport }) {
  const invite = useInviteImported(result._id);
  const made = result.counts.created;
  if (result.kind !== 'users' || result.status !== 'applied' || made === 0) return null;
  return (
    <div className="flex flex-col items-start gap-2">
      {invite.isSuccess ? (
        <p role="status" className="rounded-lg border border-green-300 bg-green-50 p-3 text-green-900">
          {invite.data === 0 ? 'Every new account has a password already: no invitation was needed.' : `${countOf(invite.data, 'invitation is', 'invitations are')} on the way, each valid for 7 days.`}
        </p>
      ) : (
        <>
          <Button variant="secondary" onClick={() => invite.mutate()} disabled={invite.isPending}>
            {invite.isPending ? 'Sending invitations…' : `Invite the ${countOf(made, 'new account', 'new accounts')}`}
          </Button>
          <p className="text-sm text-slate-600">Emails each an invitation, in your name, to set a first password (valid for 7 days).</p>
        </>
      )}
      <ErrorBanner message={invite.isError ? errorText(invite.error) : null} />
    </div>
  );
}

/** Apply: only for a preview with no error and something to change. */
export function ApplyButton({ result, trigger }: { result: RosterImport; trigger: { onClick: () => void; onPointerEnter: () => void; onFocus: () => void } }) {
  const id = useId();
  const total = changesIn(result.counts);
  const blocked = result.counts.errors > 0 ? 'Correct the errors first: a file with any error changes nothing.' : total === 0 ? 'There is nothing to apply.' : null;
  return (
    <div className="flex flex-col gap-1">
      <Button {...trigger} disabled={blocked !== null} aria-describedby={blocked ? id : undefined} className="self-start">
        {total > 0 ? `Apply ${countOf(total, 'change', 'changes')}` : 'Apply'}
      </Button>
      {blocked && (
        <p id={id} className="text-sm text-slate-600">
          {blocked}
        </p>
      )}
    </div>
  );
}
