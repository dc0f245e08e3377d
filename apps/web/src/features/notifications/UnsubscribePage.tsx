import { pages } from '@campus/contract/pages';
import { Link, useSearchParams } from 'react-router';
import { ErrorBanner, SuccessBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { LoadError } from '../../components/LoadError';
import { FormPage } from '../../components/Page';
import { Spinner } from '../../components/Spinner';
import { ApiError, errorText } from '../../lib/api';
import { useUnsubscribe, useUnsubscribeStatus } from './api/preferences';
import { SCOPE_TEXT } from './delivery-words';

/** A 400 from the server: the link is not one it signed (cut by a mail program, altered, made up). */
const isBroken = (error: unknown) => error instanceof ApiError && error.status === 400;

const settings = (
  <Link to={pages.notificationSettings} className="font-medium text-campus-700 underline">
    Settings
  </Link>
);

/** What a link the server cannot read gets: what went wrong, likely why, and the way that always works. */
function BrokenLink() {
  return (
    <FormPage title="Unsubscribe">
      <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-800">
        This link is incomplete or broken — mail programs sometimes cut long links. You can change your email choices in {settings} after logging in.
      </p>
    </FormPage>
  );
}

/**
 * /unsubscribe?token=…: where an email's unsubscribe link leads. No login: the token is the
 * credential. It first asks the server what the link turns off and whether that is off already
 * (a read that changes nothing), so a used link says so and a broken one says what to do; then
 * it asks before it POSTs, since mail scanners open links. Mail clients with a one-click button
 * POST directly.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const status = useUnsubscribeStatus(token);
  const unsubscribe = useUnsubscribe();

  if (!token || isBroken(status.error) || isBroken(unsubscribe.error)) return <BrokenLink />;
  if (unsubscribe.isSuccess) {
    return (
      <FormPage title="Unsubscribed">
        <SuccessBanner message={`You will get no more ${SCOPE_TEXT[unsubscribe.data]}. These notifications still appear in the portal.`} />
        <p className="mt-4">To get emails again, choose in {settings} after logging in.</p>
      </FormPage>
    );
  }
  if (status.isError) {
    return (
      <FormPage title="Unsubscribe">
        <LoadError error={status.error} onRetry={() => status.refetch()} retrying={status.isFetching} />
      </FormPage>
    );
  }
  if (!status.data) {
    return (
      <FormPage title="Unsubscribe">
        <Spinner label="Checking the link" />
      </FormPage>
    );
  }
  const what = SCOPE_TEXT[status.data.scope];
  if (status.data.alreadyOff) {
    return (
      <FormPage title="Already unsubscribed">
        <p className="text-slate-800">
          You are already unsubscribed from {what}. These notifications still appear in the portal.
        </p>
        <p className="mt-4">To get emails again, choose in {settings} after logging in.</p>
      </FormPage>
    );
  }
  return (
    <FormPage title="Unsubscribe" intro="No need to log in: the link from your email is enough.">
      <p className="text-slate-800">Stop {what}? These notifications will still appear in the portal.</p>
      <div className="mt-4 flex flex-col gap-3">
        <ErrorBanner message={unsubscribe.isError ? errorText(unsubscribe.error) : null} />
        <div>
          <Button onClick={() => unsubscribe.mutate(token)} disabled={unsubscribe.isPending}>
            {unsubscribe.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
          </Button>
        </div>
        <p className="text-sm text-slate-600">Or choose kind by kind in {settings} after logging in.</p>
      </div>
    </FormPage>
  );
}
