import { FILE_LIMITS, SEMESTERS } from '@campus/contract/constants';
import type { User } from '@campus/contract/users';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { ErrorBanner, SuccessBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { FileField, SelectField } from '../../components/Field';
import { ProgressBar } from '../../components/ProgressBar';
import { Spinner } from '../../components/Spinner';
import { ApiError, errorText } from '../../lib/api';
import { usePortalConfig } from '../../lib/config/portal-config';
import { uploadProblem } from '../../lib/forms';
import { isExamOffice, RequireUser } from '../auth';
import { useApplicant, useApplicationsOf, useMarksheetsOf, useUploadMarksheet } from './api/marksheets';
import { NotForYou } from './Notice';
import { usePageTitle } from '../../lib/use-page-title';

/** /applicant/:applicantid (spec §2 "Applicant"): details, open requests, marksheets, and the upload. */
export default function ApplicantPage() {
  const { applicantid = '' } = useParams();
  const config = usePortalConfig();
  return (
    <RequireUser>
      {(user) =>
        isExamOffice(user, config.data?.examOfficeRegistrationId) ? <Applicant key={applicantid} applicantId={applicantid} /> : <NotForYou>Applicants are seen by the exam office.</NotForYou>
      }
    </RequireUser>
  );
}

function Applicant({ applicantId }: { applicantId: string }) {
  const applicant = useApplicant(applicantId);
  usePageTitle(applicant.data?.fullname ?? 'Applicant');
  if (applicant.isError) {
    const missing = applicant.error instanceof ApiError && applicant.error.status === 404;
    return <ErrorBanner message={missing ? 'This applicant does not exist.' : errorText(applicant.error)} />;
  }
  if (!applicant.data) return <Spinner label="Loading applicant" />;
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <Details user={applicant.data} />
      <div className="grid gap-6 md:grid-cols-2">
        <OpenRequests applicantId={applicantId} />
        <Marksheets applicantId={applicantId} />
      </div>
      <UploadForm applicant={applicant.data} />
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

function OpenRequests({ applicantId }: { applicantId: string }) {
  const q = useApplicationsOf(applicantId);
  const open = q.data?.filter((a) => !a.replied);
  return (
    <Card title="Open requests">
      {q.isError ? (
        <ErrorBanner message={errorText(q.error)} />
      ) : !open ? (
        <Spinner label="Loading requests" />
      ) : open.length === 0 ? (
        <p className="text-slate-600">No open requests</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {open.map((a) => (
            <li key={a._id} className="text-slate-800">
              Semester {a.semester}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Marksheets({ applicantId }: { applicantId: string }) {
  const q = useMarksheetsOf(applicantId);
  return (
    <Card title="Marksheets">
      {q.isError ? (
        <ErrorBanner message={errorText(q.error)} />
      ) : !q.data ? (
        <Spinner label="Loading marksheets" />
      ) : q.data.length === 0 ? (
        <p className="text-slate-600">No marksheets yet</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {q.data.map((m) => (
            <li key={m._id} className="flex justify-between gap-3 text-slate-800">
              Semester {m.semester}
              <a href={m.marksheet} className="font-medium text-campus-700 underline" aria-label={`View the marksheet of semester ${m.semester}`}>
                View
              </a>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

const TYPES_TEXT = 'a pdf, png or jpeg file';

/** Semester choices stop at the applicant's own semester (spec §5 "Marksheet upload"). */
function UploadForm({ applicant }: { applicant: User }) {
  const semesters = SEMESTERS.filter((s) => s <= applicant.semester);
  const [semester, setSemester] = useState(String(applicant.semester));
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const send = useUploadMarksheet(applicant._id, setPercent);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const bad = uploadProblem(file, 'marksheet', FILE_LIMITS.marksheet, TYPES_TEXT);
    setProblem(bad);
    if (bad || !file) return;
    setPercent(0);
    send.mutate({ semester: Number(semester), file }, { onSettled: () => setPercent(null) });
  };

  return (
    <Card title="Upload a marksheet">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {send.isSuccess && <SuccessBanner key={send.data.data.marksheet._id + send.data.data.marksheet.marksheet} message={send.data.message} />}
        <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
          <SelectField label="Semester" options={semesters} value={semester} onChange={(e) => setSemester(e.target.value)} />
          <FileField
            label="Marksheet file"
            accept="application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg"
            hint="pdf, png or jpeg, at most 20 MB. A new upload for a semester replaces its marksheet."
            error={problem ?? undefined}
            disabled={send.isPending}
            onFile={(picked) => {
              setFile(picked);
              setProblem(null);
              send.reset();
            }}
          />
        </div>
        {percent !== null && <ProgressBar percent={percent} />}
        <ErrorBanner message={send.isError ? errorText(send.error) : null} />
        <Button type="submit" disabled={send.isPending} className="self-start">
          Upload marksheet
        </Button>
      </form>
    </Card>
  );
}
