import { api } from '@campus/contract/api';
import type { DocumentClaims, MarksheetClaims, VerifyReason } from '@campus/contract/documents';
import { todayIn } from '@campus/contract/dates';
import { pages } from '@campus/contract/pages';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../components/Button';
import { FileField, TextAreaField } from '../../components/Field';
import { ApiError, call } from '../../lib/api';
import { formatExamDay, formatMoment, formatMomentDay } from '../../lib/dates';
import { CHECKED_OFFLINE, DATES_NEED_NETWORK, NEWER_CARD, NO_KEYS, REPLACED_NEEDS_NETWORK, VERDICTS } from '../../lib/document-words';
import { usePortalConfig } from '../../lib/config/portal-config';
import { usePageTitle } from '../../lib/use-page-title';
import { checkOffline, looksLikeToken, tokenIn } from './check-offline';
import { keptKeys, refreshKeys, type KeptKeys } from './keys';
import { canUseCamera, readPhoto, scanCamera } from './scan';

/**
 * /verify (docs/product.md#signed-documents): anyone, no login, checks an admit card or a
 * marksheet the portal signed: opened from its QR code (the token in the fragment, which no
 * server log sees), pasted, scanned with the camera, or read from a photo. Online the portal
 * decides (it alone knows a marksheet was replaced); offline, or when the portal cannot be
 * reached, this device checks the signature itself against the keys it saved on the last visit.
 * Everything the paste path needs is in this page's own chunk: once open, it checks with no
 * network.
 */

type Verdict = VerifyReason | 'genuine';
type Result =
  /** `photo`, `current`: the portal's photo of the person named, and whether an admit card's dates are still theirs (online only). */
  | { verdict: Verdict; claims: DocumentClaims | null; offline: false; photo?: string | null; current?: boolean | null }
  | { verdict: Exclude<Verdict, 'replaced'>; claims: DocumentClaims | null; offline: true; keysSavedAt: string }
  | { verdict: 'unknown' };

/** A failure that means the portal could not be reached (no network, a proxy's 5xx), not that it refused. */
const unreachable = (err: unknown) => !(err instanceof ApiError) || err.status === 0 || err.status >= 500;

async function offlineResult(token: string): Promise<Result> {
  const kept = keptKeys();
  if (!kept) return { verdict: 'unknown' };
  const local = await checkOffline(token, kept.keys);
  return { verdict: local.valid ? 'genuine' : local.reason, claims: local.valid || local.reason === 'expired' ? local.claims : null, offline: true, keysSavedAt: kept.savedAt };
}

/** The portal's verdict, or this device's when the portal cannot be reached. */
async function verify(token: string): Promise<Result> {
  if (!looksLikeToken(token)) return { verdict: 'invalid', claims: null, offline: false };
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return offlineResult(token);
  try {
    const { data } = await call(api.documents.verify, { body: { token } });
    if (data.valid) return { verdict: 'genuine', claims: data.claims, offline: false, photo: data.photo, current: data.current };
    // The portal says no claims for a refused token; an expired card or a replaced marksheet is
    // still signed, so the names it carries are shown from this device's own check.
    const local = data.reason === 'invalid' ? null : keptKeys();
    const signed = local ? await checkOffline(token, local.keys) : null;
    const claims = signed && (signed.valid || signed.reason === 'expired') ? signed.claims : null;
    return { verdict: data.reason, claims, offline: false };
  } catch (err) {
    if (unreachable(err)) return offlineResult(token);
    // A 4xx: the portal would not even read it.
    return { verdict: 'invalid', claims: null, offline: false };
  }
}

export default function VerifyPage() {
  usePageTitle('Check a document');
  const [keys, setKeys] = useState<KeptKeys | null>(keptKeys);
  const [fetchingKeys, setFetchingKeys] = useState(true);
  const [text, setText] = useState('');
  const [result, setResult] = useState<Result | null>(null);
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const latest = useRef(0);

  // The keys are fetched every time the page opens, and kept for the day the network is down.
  useEffect(() => {
    let live = true;
    void refreshKeys().then((kept) => {
      if (!live) return;
      setKeys(kept);
      setFetchingKeys(false);
    });
    return () => {
      live = false;
    };
  }, []);

  const check = useCallback(async (input: string) => {
    const run = ++latest.current;
    setProblem(null);
    setChecking(true);
    setResult(null);
    const outcome = await verify(tokenIn(input));
    if (run !== latest.current) return;
    setResult(outcome);
    setChecking(false);
  }, []);

  // Opened from a QR code: the token is in the fragment (a fragment-only navigation, another
  // code opened while this page is, comes here as a new location too).
  const { hash } = useLocation();
  useEffect(() => {
    const token = hash.slice(1);
    if (!token) return;
    setText(window.location.origin + pages.verifyToken(token));
    void check(token);
  }, [hash, check]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) {
      setProblem('Paste the link or the code from the document first.');
      return;
    }
    void check(text);
  };

  const found = (read: string) => {
    setText(read);
    void check(read);
  };

  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-5 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold text-campus-900">Check a document</h1>
      </header>

      {/*
        The verdict first: an invigilator holding a phone (390 px) sees it, the name and the photo
        above the fold, before the paste box and the camera they no longer need.
      */}
      <div aria-live="polite" aria-atomic="true">
        {checking && <p className="text-slate-700">Checking…</p>}
        {result && <ResultView result={result} />}
      </div>

      <header className="flex flex-col gap-1">
        <p className="text-slate-700">
          Scan the QR code on an admit card or a marksheet from this portal, or paste its link, to see whom it names and whether it is genuine. No login is
          needed.
        </p>
        <p className="text-sm text-slate-600">
          {keys
            ? `Ready to check without a network: the portal’s keys were saved on this device ${formatMoment(keys.savedAt)}.`
            : fetchingKeys
              ? 'Fetching the portal’s keys…'
              : 'The portal’s keys are not saved on this device yet: checking needs a network until they are.'}
        </p>
      </header>

      <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
        <TextAreaField
          label="Link or code from the document"
          rows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={problem ?? undefined}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          className="w-full break-all rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm shadow-sm focus:border-campus-600 focus:outline-none focus:ring-2 focus:ring-campus-100"
        />
        <Button type="submit" disabled={checking} aria-busy={checking || undefined} className="self-start">
          Check
        </Button>
      </form>

      <Scanner onRead={found} />

    </section>
  );
}

/** The camera, where the browser has one, and a photo of the code, where it does not (or the light is poor). */
function Scanner({ onRead }: { onRead: (text: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [scanning, setScanning] = useState<AbortController | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [photoKey, setPhotoKey] = useState(0);

  useEffect(() => () => scanning?.abort(), [scanning]);

  const start = async () => {
    const stop = new AbortController();
    setProblem(null);
    setScanning(stop);
    try {
      // The video element is shown once `scanning` is set; wait for it to be laid out.
      await new Promise((done) => requestAnimationFrame(done));
      const read = video.current ? await scanCamera(video.current, stop.signal) : null;
      if (read) onRead(read);
    } catch {
      setProblem('The camera could not be opened. Allow this page to use it, or choose a photo of the code, or paste the link.');
    } finally {
      setScanning((current) => (current === stop ? null : current));
    }
  };

  const photo = async (file: File | null) => {
    setProblem(null);
    if (!file) return;
    const read = await readPhoto(file);
    setPhotoKey((k) => k + 1);
    if (read) onRead(read);
    else setProblem('No QR code could be read in this photo. Try a closer, sharper photo with the whole code in it, or paste the link.');
  };

  return (
    <div className="flex flex-col gap-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
      {canUseCamera() &&
        (scanning ? (
          <div className="flex flex-col gap-2">
            <video ref={video} muted playsInline aria-label="The camera's view: hold the QR code inside it" className="aspect-square w-full max-w-sm self-center rounded-lg bg-black object-cover" />
            <Button variant="secondary" onClick={() => scanning.abort()} className="self-start">
              Stop scanning
            </Button>
          </div>
        ) : (
          <Button variant="secondary" onClick={() => void start()} className="self-start">
            Scan with the camera
          </Button>
        ))}
      <FileField key={photoKey} label="Or choose a photo of the code" accept="image/*" onFile={(file) => void photo(file)} />
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}

const TONES = {
  genuine: 'bg-green-50 text-green-900 ring-green-300',
  expired: 'bg-amber-50 text-amber-900 ring-amber-300',
  replaced: 'bg-red-50 text-red-900 ring-red-300',
  invalid: 'bg-red-50 text-red-900 ring-red-300',
} as const;

/** A receipt whose attempt the student has since replaced with a later one. */
const RECEIPT_REPLACED = 'The student has handed in this work again since: this receipt is for an attempt that is no longer the one marked.';
const RECEIPT_REPLACED_NEEDS_NETWORK = 'Whether the student has handed in this work again since can only be checked online.';

function ResultView({ result }: { result: Result }) {
  if (result.verdict === 'unknown') {
    return (
      <div className="rounded-xl bg-slate-100 p-4 text-slate-800 ring-1 ring-slate-300">
        <h2 className="text-lg font-bold">Cannot check here</h2>
        <p>{NO_KEYS}</p>
      </div>
    );
  }
  const words = VERDICTS[result.verdict];
  return (
    <div className={`flex flex-col gap-3 rounded-xl p-4 ring-1 ${TONES[result.verdict]}`}>
      <div>
        <h2 className="text-xl font-bold">{words.title}</h2>
        {result.claims && <p className="text-lg font-semibold [overflow-wrap:anywhere]">{result.claims.name}</p>}
        <p>{result.verdict === 'replaced' && result.claims?.typ === 'submission' ? RECEIPT_REPLACED : words.text}</p>
        {result.offline && (
          <p className="mt-1 text-sm">
            {CHECKED_OFFLINE} {formatMoment(result.keysSavedAt)}.{result.claims?.typ === 'marksheet' && ` ${REPLACED_NEEDS_NETWORK}`}
            {result.claims?.typ === 'admitcard' && ` ${DATES_NEED_NETWORK}`}
            {result.claims?.typ === 'submission' && ` ${RECEIPT_REPLACED_NEEDS_NETWORK}`}
          </p>
        )}
      </div>
      {!result.offline && result.current === false && (
        <p role="alert" className="rounded-lg bg-red-100 p-3 font-semibold text-red-900 ring-1 ring-red-300">
          {NEWER_CARD}
        </p>
      )}
      {!result.offline && result.photo && result.claims && (
        <figure className="flex items-center gap-3 self-start rounded-lg bg-white p-2 text-slate-900 ring-1 ring-slate-200">
          <img src={result.photo} alt={`The portal's photo of ${result.claims.name}`} width={96} height={120} className="h-[120px] w-24 rounded-md bg-slate-50 object-contain" />
          <figcaption className="max-w-xs text-sm">The portal&apos;s photo of {result.claims.name}: compare it with the person in front of you.</figcaption>
        </figure>
      )}
      {result.claims && <Claims claims={result.claims} />}
    </div>
  );
}

const row = (label: string, value: string | number) => (
  <div key={label} className="contents">
    <dt className="font-medium opacity-80">{label}</dt>
    <dd className="[overflow-wrap:anywhere]">{value}</dd>
  </div>
);

/** What the document names: an admit card's student and papers, a marksheet's student, semester and file digest. */
function Claims({ claims }: { claims: DocumentClaims }) {
  const config = usePortalConfig();
  // The campus's day (CAMPUS_TZ) when the portal has said it; offline, this device's own.
  const today = todayIn(config.data?.campusTimeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
  // The name is said above, under the verdict, beside the photo.
  const who = [row('Registration ID', claims.sub)];
  if (claims.typ === 'submission') {
    return (
      <div className="flex flex-col gap-3 rounded-lg bg-white p-3 text-slate-900 ring-1 ring-slate-200">
        <h3 className="font-semibold">Submission receipt</h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {who}
          {row('Course number', claims.course)}
          {row('Assignment', claims.assignment.title)}
          {row('Attempt', claims.attempt)}
          {row('Handed in', formatMoment(claims.submittedAt))}
          {row('Due', formatMoment(claims.dueAt))}
          {row('Lateness', claims.lateMinutes > 0 ? `${claims.lateMinutes} minutes late` : 'On time')}
          {claims.text !== null && (
            <div className="contents">
              <dt className="font-medium opacity-80">SHA-256 of the text</dt>
              <dd className="break-all font-mono text-xs">{claims.text}</dd>
            </div>
          )}
        </dl>
        {claims.files.length > 0 && (
          <ul aria-label="Files handed in" className="flex flex-col divide-y divide-slate-100 text-sm">
            {claims.files.map((file) => (
              <li key={file.sha256 + file.name} className="flex flex-col py-1">
                <span className="[overflow-wrap:anywhere]">
                  {file.name} ({file.bytes} bytes)
                </span>
                <span className="break-all font-mono text-xs">SHA-256 {file.sha256}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }
  if (claims.typ === 'marksheet') {
    return (
      <div className="flex flex-col gap-3 rounded-lg bg-white p-3 text-slate-900 ring-1 ring-slate-200">
        <h3 className="font-semibold">Marksheet</h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {who}
          {row('Semester', claims.semester)}
          {row('Issued', formatMomentDay(new Date(claims.iat * 1000).toISOString()))}
          <div className="contents">
            <dt className="font-medium opacity-80">SHA-256 of the file</dt>
            <dd className="break-all font-mono text-xs">{claims.sha256}</dd>
          </div>
        </dl>
        <FileCheck claims={claims} />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3 rounded-lg bg-white p-3 text-slate-900 ring-1 ring-slate-200">
      <h3 className="font-semibold">Admit card</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {who}
        {row('Branch', claims.branch)}
        {row('Semester', claims.semester)}
        {row('Valid until', formatMomentDay(new Date(claims.exp * 1000 - 1000).toISOString()))}
      </dl>
      <ol aria-label="Papers on the card" className="flex flex-col divide-y divide-slate-100 text-sm">
        {claims.courses.map((paper) => {
          const isToday = paper.examDate === today;
          return (
            <li
              key={paper.coursenumber}
              aria-current={isToday ? 'date' : undefined}
              className={`flex flex-wrap justify-between gap-x-3 py-1 ${isToday ? '-mx-1 rounded bg-amber-100 px-1 font-semibold ring-1 ring-amber-400' : ''}`}
            >
              <span className="[overflow-wrap:anywhere]">
                {/* A printed code carries no titles: the course number names the paper. */}
                <span className="tabular-nums text-slate-600">{paper.title ? paper.coursenumber : `Course ${paper.coursenumber}`}</span> {paper.title}
              </span>
              <span className="tabular-nums">
                {isToday && <span className="mr-2 rounded bg-amber-500 px-1.5 py-0.5 text-xs font-bold uppercase text-white">Today</span>}
                {formatExamDay(paper.examDate)}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

/** A marksheet file checked against the digest its code carries, on this device (the file goes nowhere). */
function FileCheck({ claims }: { claims: MarksheetClaims }) {
  const [match, setMatch] = useState<{ name: string; same: boolean } | null>(null);
  const compare = async (file: File | null) => {
    if (!file) return setMatch(null);
    const digest = hex(await crypto.subtle.digest('SHA-256', await file.arrayBuffer()));
    setMatch({ name: file.name, same: digest === claims.sha256 });
  };
  return (
    <div className="flex flex-col gap-2">
      <FileField label="Check a marksheet file against this code" hint="The file stays on this device." onFile={(file) => void compare(file)} />
      <p aria-live="polite" className={match ? (match.same ? 'font-medium text-green-800' : 'font-medium text-red-800') : 'sr-only'}>
        {match &&
          (match.same
            ? `${match.name} is the marksheet this code was issued for.`
            : `${match.name} is not the marksheet this code was issued for: its contents differ.`)}
      </p>
    </div>
  );
}
