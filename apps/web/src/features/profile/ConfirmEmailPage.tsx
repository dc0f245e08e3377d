import { pages } from '@campus/contract/pages';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorBanner, SuccessBanner } from '../../components/Banner';
import { FormPage } from '../../components/Page';
import { Spinner } from '../../components/Spinner';
import { errorText } from '../../lib/api';
import { useConfirmEmail } from './api/confirm-email';

const linkClass = 'font-medium text-campus-700 underline';

/**
 * /confirm-email?token=…: where the link emailed to a new address leads. No login needed. It
 * sends the token once, as the page opens: opening the link is the confirmation (a mail scanner
 * that fetches the link runs no script, so it confirms nothing).
 */
export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <FormPage title="Confirm your new email">
      {token ? (
        <Confirmation token={token} />
      ) : (
        <div className="flex flex-col gap-4">
          <ErrorBanner message="This page needs the link from your confirmation email: open that link again." />
          <p className="text-sm">
            To ask for a new link, change your email again on <Link className={linkClass} to={pages.updateAccount}>your profile</Link>.
          </p>
        </div>
      )}
    </FormPage>
  );
}

function Confirmation({ token }: { token: string }) {
  const confirm = useConfirmEmail();
  const { mutate } = confirm;
  // Once per token, however often the page renders (and React's development double effects).
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);

  if (confirm.isSuccess) {
    return (
      <div className="flex flex-col gap-4">
        <SuccessBanner message={`Your email is now ${confirm.data.data.user.email}.`} />
        <p className="text-sm">
          See it on <Link className={linkClass} to={pages.updateAccount}>your profile</Link>.
        </p>
      </div>
    );
  }
  if (confirm.isError) {
    return (
      <div className="flex flex-col gap-4">
        <ErrorBanner message={errorText(confirm.error)} />
        <p className="text-sm">
          If your email has not changed yet, change it again on <Link className={linkClass} to={pages.updateAccount}>your profile</Link>: a new link goes to the new
          address.
        </p>
      </div>
    );
  }
  return <Spinner label="Confirming your new email…" />;
}
