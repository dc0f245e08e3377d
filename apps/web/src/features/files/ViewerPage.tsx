import { pages } from '@campus/contract/pages';
import { useNavigate, useSearchParams, useLocation } from 'react-router';
import { ErrorBanner } from '../../components/Banner';
import { Button, buttonClass } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { ApiError, errorText } from '../../lib/api';
import { usePageTitle } from '../../lib/use-page-title';
import { RequireUser } from '../auth';
import { useFileType } from './api/file-type';
import { displayOf, viewableFile } from './viewable-file';

/**
 * /view?file=/files/…&title=… : one of the portal's files shown in the page (a PDF in the
 * browser's own viewer, an image), with Download and Back. Links come from `pages.view`.
 */
export default function ViewerPage() {
  const [params] = useSearchParams();
  const title = params.get('title')?.trim() || 'File';
  const file = viewableFile(params.get('file'));
  usePageTitle(title);
  return <RequireUser>{() => <Viewer title={title} file={file} />}</RequireUser>;
}

function Viewer({ title, file }: { title: string; file: string | null }) {
  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="min-w-0 text-2xl font-bold break-words text-campus-900">{title}</h1>
        <div className="flex gap-2">
          <BackButton />
          {file && (
            // Same origin, so `download` is honoured; the server names the file after its title.
            <a href={file} download className={buttonClass('primary')}>
              Download
            </a>
          )}
        </div>
      </div>
      {file ? <Shown file={file} title={title} /> : <ErrorBanner message="This link does not point to a file of the portal, so it cannot be shown." />}
    </section>
  );
}

/** Back where the user came from; a viewer opened in a new tab has nowhere to go back to, so home. */
function BackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  const firstPage = location.key === 'default';
  return (
    <Button variant="secondary" onClick={() => (firstPage ? navigate(pages.home) : navigate(-1))}>
      Back
    </Button>
  );
}

function Shown({ file, title }: { file: string; title: string }) {
  const type = useFileType(file);
  if (type.isError) {
    const missing = type.error instanceof ApiError && type.error.status === 404;
    return <ErrorBanner message={missing ? 'This file does not exist, or it is not yours to see.' : errorText(type.error)} />;
  }
  if (type.data === undefined) return <Spinner label="Loading the file" />;
  const inline = `${file}?inline=1`;
  switch (displayOf(type.data)) {
    case 'pdf':
      return (
        <>
          <iframe src={inline} title={title} className="h-[75vh] w-full rounded-xl bg-white shadow-sm ring-1 ring-slate-200" />
          {/* Phones' browsers often show no PDF inside a page: Download always works. */}
          <p className="text-sm text-slate-600">If the file does not show here, use Download.</p>
        </>
      );
    case 'image':
      return <img src={inline} alt={title} className="mx-auto max-h-[75vh] max-w-full rounded-xl bg-white shadow-sm ring-1 ring-slate-200" />;
    default:
      return <p className="rounded-xl bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200">This file type cannot be shown here. Use Download to open it on your device.</p>;
  }
}
