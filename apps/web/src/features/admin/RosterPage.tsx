import { FILE_LIMITS } from '@campus/contract/constants';
import { FIELD_MESSAGES, REFUSALS } from '@campus/contract/messages';
import { IMPORT_KINDS, IMPORT_LIST_MAX, type ImportKind } from '@campus/contract/roster-columns';
import type { ImportChange, ImportCounts, ImportError, RosterImport } from '@campus/contract/roster';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { ErrorBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { useConfirmAction } from '../../components/ConfirmAction';
import { ProgressBar } from '../../components/ProgressBar';
import { usePageTitle } from '../../lib/use-page-title';
import { useUpload } from '../../lib/use-upload';
import { sentence } from '../../lib/words';
import { AdminNav } from './AdminNav';
import { useSendRoster, type RosterSend } from './api/roster';
import { RequireAdmin } from './RequireAdmin';
import { ACTION_WORDS, columnsOf, countOf, formatCount, KIND_WORDS, templateCsv, templateName } from './roster-help';

/**
 * /admin/roster: the registrar's lists as CSV files (docs/product.md#the-registrars-roster). The
 * administrator chooses what the file holds and drops or chooses it; it goes up as a dry run,
 * with a progress bar, and the preview says what each row would do and what is wrong with it.
 * Apply, asked twice, sends the same file again to be applied: all of it, or nothing when any
 * row has an error.
 */
export default function RosterPage() {
  usePageTitle('Roster import');
  return <RequireAdmin>{() => <Roster />}</RequireAdmin>;
}

const CARD = 'flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5';

/**
 * The browser's check of a picked file, in the contract's words: a spreadsheet saved as CSV is
 * named .csv, though some systems type it as Excel's (the server reads the bytes as UTF-8 text).
 */
export function rosterFileProblem(file: File): string | null {
  const { maxBytes, size, describe } = FILE_LIMITS.roster;
  if (!/\.csv$/i.test(file.name) && !file.type.startsWith('text/')) return FIELD_MESSAGES.wrongType('roster', describe);
  if (file.size === 0) return FIELD_MESSAGES.emptyFile('roster');
  if (file.size > maxBytes) return FIELD_MESSAGES.fileAtMost('roster', size);
  return null;
}

/** Created, updated and removed: what applying would change (unchanged rows change nothing). */
const changesIn = (counts: ImportCounts) => counts.created + counts.updated + counts.removed;

function Roster() {
  const [kind, setKind] = useState<ImportKind>('users');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const previewUpload = useUpload();
  const preview = previewUpload.track(useSendRoster(previewUpload.onProgress));
  const applyUpload = useUpload();
  const applyMutation = useSendRoster(applyUpload.onProgress);
  const apply = applyUpload.track(applyMutation);
  const resultHeading = useRef<HTMLHeadingElement>(null);

  // The applied answer, once there is one, replaces the preview it came from.
  const result = apply.result ?? preview.result;
  // Focus follows each step: to the preview when it arrives, then to what applying did.
  useEffect(() => {
    if (result) resultHeading.current?.focus();
  }, [result]);

  const forget = () => {
    preview.reset();
    apply.reset();
  };
  const chooseKind = (next: ImportKind) => {
    // A preview is of one kind: another kind needs the file sent again.
    setKind(next);
    setFile(null);
    setProblem(null);
    forget();
  };
  const pick = (files: FileList | null | undefined) => {
    forget();
    const picked = files?.[0] ?? null;
    const found = files && files.length > 1 ? REFUSALS.tooManyFiles : picked ? rosterFileProblem(picked) : null;
    setFile(found ? null : picked);
    setProblem(found);
    if (picked && !found) preview.send({ kind, file: picked, dryRun: true });
  };

  const confirm = useConfirmAction<RosterImport, RosterSend, RosterImport>({
    mutation: { ...applyMutation, mutate: apply.send },
    variables: (previewed) => ({ kind: previewed.kind, file: file!, dryRun: false }),
    words: (previewed) => applyWords(previewed, apply.percent),
    fallbackFocus: resultHeading,
  });

  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-5">
      <h1 className="text-2xl font-bold text-campus-900">Roster import</h1>
      <AdminNav />
      <p className="text-slate-700">
        The registrar’s lists of people, courses and enrolments, as CSV files. A file is previewed first: nothing changes until you apply it, and a file
        with any error changes nothing at all.
      </p>
      <KindChoice kind={kind} onChange={chooseKind} />
      <Columns kind={kind} />
      <FilePicker kind={kind} file={file} problem={problem} busy={preview.pending || apply.pending} onFiles={pick} />
      {preview.pending && <Sending percent={preview.percent ?? 0} name={file?.name ?? ''} />}
      <ErrorBanner message={preview.error} />
      {result && file && (
        <ImportResult key={result._id} result={result} fileName={file.name} headingRef={resultHeading}>
          {result.status === 'previewed' && <ApplyButton result={result} trigger={confirm.trigger(result)} />}
        </ImportResult>
      )}
      {confirm.dialog}
    </section>
  );
}

const VERBS = {
  base: ['create', 'update', 'remove'],
  present: ['creates', 'updates', 'removes'],
  past: ['created', 'updated', 'removed'],
} as const;

/** "create 12 accounts, update 3 accounts and remove 1 account": what the counts change, in a tense. */
function actionsSaid(result: RosterImport, tense: keyof typeof VERBS): string {
  const { created, updated, removed } = result.counts;
  const { one, many } = KIND_WORDS[result.kind];
  const parts = [created, updated, removed].flatMap((n, i) => (n > 0 ? [`${VERBS[tense][i]} ${countOf(n, one, many)}`] : []));
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts.join('');
}

/** What the dialog asks before applying: how many changes, of what, and that all or none are made. */
function applyWords(previewed: RosterImport, percent: number | null) {
  return {
    title: `Apply ${countOf(changesIn(previewed.counts), 'change', 'changes')}?`,
    description: (
      <>
        As the preview shows, this {actionsSaid(previewed, 'present')}. The file is checked again as it is applied: if any row has an error then, nothing is applied.
        {percent !== null && <span role="status"> Sending the file: {percent}%.</span>}
      </>
    ),
    confirmLabel: 'Apply',
  };
}

function KindChoice({ kind, onChange }: { kind: ImportKind; onChange: (kind: ImportKind) => void }) {
  const id = useId();
  return (
    <fieldset className={CARD}>
      <legend className="float-left text-lg font-semibold text-campus-900">What the file holds</legend>
      <div className="clear-both flex flex-col gap-2 sm:flex-row sm:gap-3">
        {IMPORT_KINDS.map((k) => (
          <label
            key={k}
            className={`flex flex-1 cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-campus-600 ${k === kind ? 'border-campus-600 bg-campus-50' : 'border-slate-300'}`}
          >
            <input type="radio" name={`${id}-kind`} value={k} checked={k === kind} onChange={() => onChange(k)} aria-describedby={`${id}-${k}`} className="mt-1 h-4 w-4 accent-campus-600" />
            <span className="flex flex-col">
              <span className="font-medium text-slate-900">{KIND_WORDS[k].label}</span>
              <span id={`${id}-${k}`} className="text-sm text-slate-600">
                {KIND_WORDS[k].holds}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** What each column of the kind takes, and its template to start from. */
function Columns({ kind }: { kind: ImportKind }) {
  const label = KIND_WORDS[kind].label.toLowerCase();
  return (
    <section aria-label={`Columns of a ${label} file`} className={CARD}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-campus-900">Columns of a {label} file</h2>
        <Button variant="secondary" onClick={() => downloadTemplate(kind)}>
          Download the {label} template
        </Button>
      </div>
      <p className="text-sm text-slate-600">
        The first row names the columns, as the template does; each row after it is one {KIND_WORDS[kind].one}. Save the file as CSV in UTF-8 (“CSV UTF-8” in a
        spreadsheet’s Save As).
      </p>
      {/* Closed at first, so that on a phone the file comes next; the template shows the columns too. */}
      <details className="group rounded-lg ring-1 ring-slate-200">
        <summary className="cursor-pointer rounded-lg px-3 py-2 font-medium text-campus-700 focus-visible:outline-2 focus-visible:outline-campus-600">
          What each column takes
        </summary>
        <dl className="flex flex-col divide-y divide-slate-100 px-3 pb-2">
          {columnsOf(kind).map(({ column, optional, help }) => (
            <div key={column} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:gap-4">
              <dt className="shrink-0 sm:w-40">
                <code className="font-mono text-sm font-semibold text-slate-900">{column}</code>
                {optional && <span className="ml-2 text-xs text-slate-500">optional</span>}
              </dt>
              <dd className="break-words text-sm text-slate-700">{help.takes}</dd>
            </div>
          ))}
        </dl>
      </details>
    </section>
  );
}

/** The template, made here as a file and handed to the browser's downloads. */
function downloadTemplate(kind: ImportKind) {
  const url = URL.createObjectURL(new Blob([templateCsv(kind)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = templateName(kind);
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: the download has the file by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A drop zone around a real file input: drop the file on it, or choose it with the input. */
function FilePicker({ kind, file, problem, busy, onFiles }: { kind: ImportKind; file: File | null; problem: string | null; busy: boolean; onFiles: (files: FileList | null) => void }) {
  const id = useId();
  const [over, setOver] = useState(false);
  const describedBy = problem ? `${id}-error` : `${id}-hint`;
  return (
    <section aria-label="The file" className={CARD}>
      <h2 className="text-lg font-semibold text-campus-900">The file</h2>
      <div
        onDragEnter={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragOver={(e) => {
          e.preventDefault();
          e.dataTransfer.dropEffect = busy ? 'none' : 'copy';
        }}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
        }}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          if (!busy) onFiles(e.dataTransfer.files);
        }}
        className={`flex flex-col items-center gap-3 rounded-xl border-2 border-dashed p-6 text-center ${over ? 'border-campus-600 bg-campus-50' : 'border-slate-300 bg-slate-50'}`}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-8 w-8 stroke-campus-600" fill="none" strokeWidth="1.5">
          <path d="M12 16V4m0 0-4 4m4-4 4 4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <p className="text-slate-700">Drop the {KIND_WORDS[kind].label.toLowerCase()} file here, or choose it.</p>
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          CSV file
        </label>
        <input
          id={id}
          type="file"
          accept={FILE_LIMITS.roster.accept}
          disabled={busy}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => {
            onFiles(e.target.files);
            // Emptied, so choosing the same file again (corrected) is a new choice.
            e.target.value = '';
          }}
          className="max-w-full rounded-lg text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-lg file:border-0 file:bg-campus-600 file:px-3 file:py-2 file:font-medium file:text-white hover:file:bg-campus-700"
        />
        {file && <p className="break-all text-sm text-slate-700">Chosen: <span className="font-medium text-slate-900">{file.name}</span></p>}
      </div>
      {problem ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {sentence(problem)}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          A CSV file in UTF-8, at most {FILE_LIMITS.roster.size}. It is previewed as soon as it is chosen.
        </p>
      )}
    </section>
  );
}

function Sending({ percent, name }: { percent: number; name: string }) {
  return (
    <div className="flex flex-col gap-2">
      <p role="status" className="text-sm text-slate-700">
        {percent < 100 ? `Sending ${name}…` : `Checking every row of ${name}…`}
      </p>
      <ProgressBar percent={percent} />
    </div>
  );
}

const TH = 'sticky top-0 bg-slate-100 px-3 py-2 text-left font-semibold text-slate-700';
const TD = 'px-3 py-2 align-top';

/** A preview, or what applying did: the counts, the errors, the rows' changes, and `children` (Apply). */
function ImportResult({ result, fileName, headingRef, children }: { result: RosterImport; fileName: string; headingRef: RefObject<HTMLHeadingElement | null>; children?: ReactNode }) {
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

/** A table that scrolls within its box, reachable by keyboard (a scrolling box must be). */
function ScrollTable({ caption, children }: { caption: string; children: ReactNode }) {
  const id = useId();
  return (
    <div role="region" aria-labelledby={id} tabIndex={0} className="max-h-[28rem] overflow-auto rounded-lg ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-campus-600">
      <table className="w-full border-collapse text-sm">
        <caption id={id} className="bg-white px-3 py-2 text-left font-semibold text-slate-900">
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}

function ErrorsTable({ errors, total }: { errors: ImportError[]; total: number }) {
  return (
    <ScrollTable caption={`Errors${firstOf(errors.length, total)}`}>
      <thead>
        <tr>
          <th scope="col" className={TH}>
            Line
          </th>
          <th scope="col" className={TH}>
            Column
          </th>
          <th scope="col" className={TH}>
            Problem
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {errors.map((error, i) => (
          <tr key={`${error.line}-${error.column}-${i}`}>
            <td className={`${TD} tabular-nums`}>{error.line}</td>
            <td className={TD}>{error.column === null ? 'whole row' : <code className="font-mono">{error.column}</code>}</td>
            <td className={`${TD} break-words text-red-800`}>{error.message}</td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

function ChangesTable({ changes, total }: { changes: ImportChange[]; total: number }) {
  return (
    <ScrollTable caption={`What each row does${firstOf(changes.length, total)}`}>
      <thead>
        <tr>
          <th scope="col" className={TH}>
            Line
          </th>
          <th scope="col" className={TH}>
            Action
          </th>
          <th scope="col" className={TH}>
            Key
          </th>
          <th scope="col" className={TH}>
            Columns that change
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {changes.map((change) => (
          <tr key={change.line}>
            <td className={`${TD} tabular-nums`}>{change.line}</td>
            <td className={TD}>{ACTION_WORDS[change.action]}</td>
            <td className={`${TD} tabular-nums`}>{change.key}</td>
            <td className={`${TD} break-words`}>{change.fields.length > 0 ? change.fields.join(', ') : '—'}</td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

/** Apply: only for a preview with no error and something to change. */
function ApplyButton({ result, trigger }: { result: RosterImport; trigger: { onClick: () => void; onPointerEnter: () => void; onFocus: () => void } }) {
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
