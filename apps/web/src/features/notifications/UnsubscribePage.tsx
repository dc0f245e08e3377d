import { NOTIFICATION_SETTINGS_PAGE, UNSUBSCRIBE_SCOPES, type UnsubscribeScope } from '@campus/contract/notifications';
import { Link, useSearchParams } from 'react-router';
import { ErrorBanner, SuccessBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { FormPage } from '../../components/Page';
import { errorText } from '../../lib/api';
import { useUnsubscribe } from './api/preferences';
import { SCOPE_TEXT } from './delivery-words';

const scopeOf = (value: string | null): UnsubscribeScope | undefined => (UNSUBSCRIBE_SCOPES as readonly (string | null)[]).includes(value) ? (value as UnsubscribeScope) : undefined;

/**
 * /unsubscribe?token=…&scope=…: where an email's unsubscribe link leads (the server checked the
 * link and sent the browser here). No login: the token is the credential. It asks before it
 * POSTs, since mail scanners open links; mail clients with a one-click button POST directly.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const scope = scopeOf(params.get('scope'));
  const what = scope ? SCOPE_TEXT[scope] : 'these emails';
  const unsubscribe = useUnsubscribe();
  const settings = (
    <Link to={NOTIFICATION_SETTINGS_PAGE} className="font-medium text-campus-700 underline">
      your notification settings
    </Link>
  );

  if (!token) {
    return (
      <FormPage title="Unsubscribe">
        <ErrorBanner message="This unsubscribe link is incomplete. Open it again from the email, or change what reaches you by email in your notification settings." />
        <p className="mt-4">You can also log in and choose in {settings}.</p>
      </FormPage>
    );
  }
  if (unsubscribe.isSuccess) {
    const done = SCOPE_TEXT[unsubscribe.data];
    return (
      <FormPage title="Unsubscribed">
        <SuccessBanner message={`You will get no more ${done}. These notifications still appear in the portal.`} />
        <p className="mt-4">To get emails again, choose in {settings}.</p>
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
        <p className="text-sm text-slate-600">Or choose kind by kind in {settings}.</p>
      </div>
    </FormPage>
  );
}
