import { pages } from '@campus/contract/pages';
import { FILE_LIMITS, SEMESTERS } from '@campus/contract/constants';
import type { Application, Marksheet } from '@campus/contract/marksheets';
import type { User } from '@campus/contract/users';
import { lazy, Suspense, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { ErrorBanner, SuccessBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { FileField, SelectField } from '../../components/Field';
import { ProgressBar } from '../../components/ProgressBar';
import { allOf, usePageLoad } from '../../components/PageLoad';
import { fileHint, fileProblem } from '../../lib/forms';
import { usePickedFile, useUpload } from '../../lib/use-upload';
import { isExamOffice, RequireUser } from '../auth';
import { useApplicant, useApplicationsOf, useMarksheetsOf, useUploadMarksheet } from './api/marksheets';
import { useConfirmAction } from '../../components/ConfirmAction';
import { DeclineRequest } from './DeclineRequest';
import { NotForYou } from '../../components/NotForYou';
import { refusalSentence } from '../../lib/words';


// Each marksheet's signed QR code, with the encoder, after the list shows.
const MarksheetCode = lazy(() => import('./MarksheetCode'));

/**
 * /applicant/:applicantid (docs/product.md#marksheets): details, open requests, marksheets, and the
 * upload. `?semester=N` (a request's "Upload marksheet" action) sets the upload's semester.
 */
export default function ApplicantPage() {
  const { applicantid = '' } = useParams();
  const [params] = useSearchParams();
  return (
    <RequireUser>
      {(user) =>
        isExamOffice(user) ? (
          <Applicant key={applicantid} applicantId={applicantid} requested={Number(params.get('semester'))} />
        ) : (
          <NotForYou>Applicants are seen by the exam office.</NotForYou>
        )
      }
    </RequireUser>
  );
}

/** The page's three reads share one loading state and one error with Retry: no section appears half-loaded. */
function Applicant({ applicantId, requested }: { applicantId: string; requested: number }) {
  // The applicant first: their 404 is the one the page names.
  const all = allOf({ applicant: useApplicant(applicantId), applications: useApplicationsOf(applicantId), marksheets: useMarksheetsOf(applicantId) });
  const page = usePageLoad(all, {
    title: (data) => data.applicant.fullname,
    loadingTitle: 'Applicant',
    notFound: { title: 'Applicant not found', detail: 'This applicant does not exist.', back: { to: pages.applications, label: 'Applications' } },
    loadingLabel: 'Loading applicant',
  });
  if (page.screen) return page.screen;
  return <ApplicantView {...page.data} requested={requested} />;
}

/**
 * The upload's semester: the one asked for in the URL when the applicant may have it, else their
 * oldest open request's, else their current semester.
 */
function initialSemester(applicant: User, open: Application[], requested: number): number {
  if (Number.isInteger(requested) && requested >= 1 && requested <= highestSemester(applicant)) return requested;
  return open[0]?.semester ?? applicant.semester ?? 1;
}

/** The last semester a marksheet may be for: the applicant's own, or any while the directory has not said it. */
const highestSemester = (applicant: User) => applicant.semester ?? SEMESTERS[SEMESTERS.length - 1]!;

function ApplicantView({ applicant, applications, marksheets, requested }: { applicant: User; applications: Application[]; marksheets: Marksheet[]; requested: number }) {
  const open = applications.filter((a) => !a.replied);
  // Null once an upload went: the next one must choose its semester again (never a silent replace).
  const [semester, setSemester] = useState<number | null>(() => initialSemester(applicant, open, requested));
  const form = useRef<HTMLDivElement>(null);
  const uploadFor = (s: number) => {
    setSemester(s);
    form.current?.querySelector('select')?.focus();
  };
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <Details user={applicant} />
      <div className="grid gap-6 md:grid-cols-2">
        <OpenRequests open={open} onUpload={uploadFor} />
        <Marksheets marksheets={marksheets} />
      </div>
      <div ref={form}>
        <UploadForm applicant={applicant} marksheets={marksheets} semester={semester} onSemester={setSemester} />
      </div>
    </section>
  );
}

function Details({ user }: { user: User }) {
  return (
    <div className="flex flex-wrap items-center gap-5 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <Avatar src={user.avatar} name={user.fullname} size={72} />
      <div>
        <h1 className="text-2xl font-bold text-campus-900">{user.fullname}</h1>
        <p className="text-slate-700">Registration ID: {user.registrationId}</p>
        <p className="text-slate-700">
          {user.branch}, semester {user.semester}
        </p>
        <p className="text-slate-600">{user.email}</p>
      </div>
    </div>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 className="mb-3 text-lg font-semibold text-campus-900">{title}</h2>
      {children}
    </div>
  );
}

const LINK = 'rounded font-medium text-campus-700 underline focus-visible:outline-2 focus-visible:outline-campus-600';

function OpenRequests({ open, onUpload }: { open: Application[]; onUpload: (semester: number) => void }) {
  return (
    <Card title="Open requests">
      {open.length === 0 ? (
        <p className="text-slate-600">No open requests</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {open.map((a) => (
            <li key={a._id} className="flex flex-col gap-2 text-slate-800">
              <div className="flex flex-wrap items-center justify-between gap-3">
                Semester {a.semester}
                <span className="flex gap-2">
                  <Button variant="secondary" className="text-sm" onClick={() => onUpload(a.semester)} aria-label={`Upload the marksheet of semester ${a.semester}`}>
                    Upload
                  </Button>
                  <DeclineRequest application={a} />
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Marksheets({ marksheets }: { marksheets: Marksheet[] }) {
  return (
    <Card title="Marksheets">
      {marksheets.length === 0 ? (
        <p className="text-slate-600">No marksheets yet</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {marksheets.map((m) => (
            <li key={m._id} className="flex flex-wrap justify-between gap-3 text-slate-800">
              Semester {m.semester}
              <span className="flex gap-4">
                <Link to={pages.view(m.marksheet, `Marksheet – semester ${m.semester}`)} className={LINK} aria-label={`View the marksheet of semester ${m.semester}`}>
                  View
                </Link>
                <a href={m.marksheet} download className={LINK} aria-label={`Download the marksheet of semester ${m.semester}`}>
                  Download
                </a>
              </span>
              <Suspense>
                <MarksheetCode marksheet={m} />
              </Suspense>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/**
 * Semester choices stop at the applicant's own semester (docs/product.md#marksheets). After an
 * upload the file and the semester are cleared, so a second click cannot send the same file
 * again; a semester that has a marksheet is replaced only after "Replace …?" is confirmed.
 */
function UploadForm({ applicant, marksheets, semester, onSemester }: { applicant: User; marksheets: Marksheet[]; semester: number | null; onSemester: (semester: number | null) => void }) {
  const semesters = SEMESTERS.filter((s) => s <= highestSemester(applicant));
  const upload = useUpload();
  const mutation = useUploadMarksheet(applicant._id, upload.onProgress);
  const marksheet = upload.track(mutation);
  const picked = usePickedFile((file) => (file ? fileProblem(file, 'marksheet') : refusalSentence({ code: 'field_required', field: 'marksheet' })));
  const [semesterProblem, setSemesterProblem] = useState<string>();
  // A new file input after each upload: an <input type="file"> cannot be emptied from script.
  const [generation, setGeneration] = useState(0);
  const cleared = () => {
    picked.pick(null);
    onSemester(null);
    setGeneration((g) => g + 1);
  };
  const replace = useConfirmAction<{ semester: number; file: File }, { semester: number; file: File }, unknown>({
    mutation: { ...mutation, mutate: (variables, options) => marksheet.send(variables, options) },
    variables: (target) => target,
    words: (target) => ({
      title: `Replace the marksheet for semester ${target.semester}?`,
      description: `${applicant.fullname} already has a marksheet for semester ${target.semester}. The new file replaces it, and the old one is deleted.`,
      confirmLabel: 'Replace marksheet',
    }),
    onDone: cleared,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const fileOk = picked.check();
    setSemesterProblem(semester === null ? refusalSentence({ code: 'field_required', field: 'semester' }) : undefined);
    if (!fileOk || !picked.file || semester === null) return;
    const variables = { semester, file: picked.file };
    if (marksheets.some((m) => m.semester === semester)) replace.trigger(variables).onClick();
    else marksheet.send(variables, { onSuccess: cleared });
  };

  return (
    <Card title="Upload a marksheet">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {marksheet.result && <SuccessBanner key={marksheet.result.data.marksheet._id + marksheet.result.data.marksheet.marksheet} message="Marksheet uploaded." />}
        <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
          <SelectField
            label="Semester"
            options={[{ value: '', label: 'Choose…' }, ...semesters]}
            value={semester === null ? '' : String(semester)}
            error={semesterProblem}
            onChange={(e) => {
              onSemester(e.target.value === '' ? null : Number(e.target.value));
              setSemesterProblem(undefined);
            }}
          />
          <FileField
            key={generation}
            label="Marksheet file"
            accept={FILE_LIMITS.marksheet.accept}
            hint={`${fileHint('marksheet')} A new upload for a semester replaces its marksheet.`}
            error={picked.problem}
            disabled={marksheet.pending}
            onFile={(file) => {
              picked.pick(file);
              marksheet.reset();
            }}
          />
        </div>
        {marksheet.percent !== null && <ProgressBar percent={marksheet.percent} />}
        {!replace.open && <ErrorBanner message={marksheet.error} />}
        <Button type="submit" disabled={marksheet.pending} className="self-start">
          Upload marksheet
        </Button>
      </form>
      {replace.dialog}
    </Card>
  );
}
