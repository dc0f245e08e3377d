import { pages } from '@campus/contract/pages';
import type { Receipt as SignedReceipt, Submission } from '@campus/contract/coursework';
import { Link } from 'react-router';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { QrCode } from '../../components/QrCode';
import { formatMoment } from '../../lib/dates';
import { verifyLink } from '../../lib/qr';
import { sizeText } from './sizes';
import { spanInWords } from './work-words';

/** How much of a SHA-256 a person compares by eye; the whole of it rides in the title and the signed token. */
const SHORT_HASH = 12;

/**
 * The signed receipt of a submission: what was handed in (each file's size and SHA-256), when, how
 * late, and its QR code, which /verify checks as the portal's (and which says "replaced" once a
 * later attempt replaces this one). Its own chunk with the QR encoder, loaded once there is a receipt.
 */
export default function Receipt({ submission, receipt }: { submission: Submission; receipt: SignedReceipt }) {
  return (
    <section aria-labelledby="receipt-heading" className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="receipt-heading" className="text-lg font-bold text-campus-900">
        Your receipt
      </h2>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <dl className="grid min-w-0 flex-1 grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium text-slate-600">Attempt</dt>
          <dd>{submission.attempt}</dd>
          <dt className="font-medium text-slate-600">Handed in</dt>
          <dd>
            <time dateTime={submission.submittedAt}>{formatMoment(submission.submittedAt)}</time>
          </dd>
          <dt className="font-medium text-slate-600">Lateness</dt>
          <dd>{submission.lateMinutes > 0 ? `${spanInWords(submission.lateMinutes)} late: ${submission.penalty}% off the marks` : 'On time'}</dd>
          {submission.text !== null && (
            <>
              <dt className="font-medium text-slate-600">Text</dt>
              <dd>{submission.text.length} characters</dd>
            </>
          )}
        </dl>
        {/* Ten files with long names can make a token longer than a QR code holds: the link below still checks it. */}
        <ErrorBoundary fallback={() => null}>
          <figure className="flex flex-col items-center gap-2">
            <QrCode text={verifyLink(receipt.token)} label={`QR code of the receipt for attempt ${submission.attempt}`} size={160} />
            <figcaption className="text-center text-xs text-slate-600">Scan to check this receipt at {window.location.host}/verify.</figcaption>
          </figure>
        </ErrorBoundary>
      </div>
      {submission.files.length > 0 && (
        <ul className="flex flex-col divide-y divide-slate-100 text-sm">
          {submission.files.map((file) => (
            <li key={file.url} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
              <a href={file.url} className="min-w-0 break-words font-medium text-campus-700 underline-offset-2 hover:underline">
                {file.name}
              </a>
              <span className="text-slate-600">
                {sizeText(file.bytes)} · SHA-256{' '}
                <code title={file.sha256} className="break-all">
                  {file.sha256.slice(0, SHORT_HASH)}…
                </code>
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link to={pages.verifyToken(receipt.token)} className="self-start text-sm font-medium text-campus-700 underline-offset-2 hover:underline">
        Check this receipt
      </Link>
    </section>
  );
}
