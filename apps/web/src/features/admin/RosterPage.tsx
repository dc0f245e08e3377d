import { FILE_LIMITS } from '@campus/contract/constants';
import { IMPORT_KINDS, type ImportKind } from '@campus/contract/roster-columns';
import type { ColumnMapping, RosterImport } from '@campus/contract/roster';
import { useEffect, useId, useRef, useState } from 'react';
import { ErrorBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { useConfirmAction } from '../../components/ConfirmAction';
import { ProgressBar } from '../../components/ProgressBar';
import { usePageTitle } from '../../lib/use-page-title';
import { useUpload } from '../../lib/use-upload';
import { refusalSentence } from '../../lib/words';
import { AdminNav } from './AdminNav';
import { useSendRoster, type RosterSend } from './api/roster';
import { RequireAdmin } from './RequireAdmin';
import { actionsSaid, CARD, changesIn, columnsOf, countOf, KIND_WORDS, templateCsv, templateName } from './roster-help';
import { ApplyButton, ImportResult, InviteButton } from './RosterResult';
import { ColumnMatch } from './ColumnMatch';
import { needsNoMapping, proposeMapping, readHeader, rememberedMapping, rememberMapping } from './column-mapping';

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


/**
 * The browser's check of a picked file, with the server's refusals (worded by their codes): a
 * spreadsheet saved as CSV is named .csv, though some systems type it as Excel's (the server
 * reads the bytes as UTF-8 text). Returns the problem's sentence, or null.
 */
export function rosterFileProblem(file: File): string | null {
  const { maxBytes, size, typeNames, noun } = FILE_LIMITS.roster;
  if (!/\.csv$/i.test(file.name) && !file.type.startsWith('text/')) return refusalSentence({ code: 'file_wrong_type', field: 'roster', params: { types: typeNames, noun } });
  if (file.size === 0) return refusalSentence({ code: 'file_empty', field: 'roster' });
  if (file.size > maxBytes) return refusalSentence({ code: 'file_too_large', field: 'roster', params: { size } });
  return null;
}

/** Created, updated and removed: what applying would change (unchanged rows change nothing). */

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
    setHeader(null);
    setMapping(null);
    forget();
  };
  // The file's header and each of its columns' roster column (null: ignored), once read.
  const [header, setHeader] = useState<string[] | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const columnsToSend = (m: ColumnMapping | null) => (m && !needsNoMapping(m) ? m : undefined);
  const sendPreview = (picked: File, m: ColumnMapping | null) => preview.send({ kind, file: picked, dryRun: true, columns: columnsToSend(m) });

  const pick = (files: FileList | null | undefined) => {
    forget();
    setHeader(null);
    setMapping(null);
    const picked = files?.[0] ?? null;
    const found = files && files.length > 1 ? refusalSentence({ code: 'too_many_files' }) : picked ? rosterFileProblem(picked) : null;
    setFile(found ? null : picked);
    setProblem(found);
    if (!picked || found) return;
    // The header is read here first, so that a registrar's own export goes up already mapped.
    void readHeader(picked).then(
      (cells) => {
        const proposed = proposeMapping(kind, cells, rememberedMapping(kind));
        setHeader(cells);
        setMapping(proposed);
        sendPreview(picked, proposed);
      },
      () => sendPreview(picked, null),
    );
  };
  /** The registrar chose another roster column for a file column: kept for next time, and previewed again. */
  const remap = (cell: string, column: string | null) => {
    if (!mapping || !file) return;
    const next = { ...mapping, [cell]: column };
    setMapping(next);
    rememberMapping(kind, { [cell]: column });
    forget();
    sendPreview(file, next);
  };

  const confirm = useConfirmAction<RosterImport, RosterSend, RosterImport>({
    mutation: { ...applyMutation, mutate: apply.send },
    // The mapping the preview was made with: every change re-sends the preview.
    variables: (previewed) => ({ kind: previewed.kind, file: file!, dryRun: false, columns: columnsToSend(mapping) }),
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
      {header && mapping && !needsNoMapping(mapping) && <ColumnMatch kind={kind} header={header} mapping={mapping} busy={preview.pending || apply.pending} onChange={remap} />}
      {preview.pending && <Sending percent={preview.percent ?? 0} name={file?.name ?? ''} />}
      <ErrorBanner message={preview.error} />
      {result && file && (
        <ImportResult key={result._id} result={result} fileName={file.name} headingRef={resultHeading}>
          {result.status === 'previewed' && <ApplyButton result={result} trigger={confirm.trigger(result)} />}
          <InviteButton result={result} />
        </ImportResult>
      )}
      {confirm.dialog}
    </section>
  );
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
          {problem}
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
