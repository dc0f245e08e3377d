import { pages } from '@campus/contract/pages';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ErrorBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { PasswordField } from '../../components/Field';
import { LoadError } from '../../components/LoadError';
import { FormPage } from '../../components/Page';
import { Spinner } from '../../components/Spinner';
import { ApiError, errorText } from '../../lib/api';
import { useNavigateWithFlash } from '../../lib/flash';
// A refusal of the link (another account's email, say) is the campus sign-in's: its words come with this page.
import '../../lib/sign-in-words';
import { useLinkAccount, usePendingLink } from './api/link';
import type { SignInProvider } from './api/providers';
import { safeReturnPath } from './return-to';
import { refusalSentence } from '../../lib/words';

const TITLE = 'Link your account';
const LINK = 'font-medium text-campus-700 underline';

const isMissing = (err: unknown) => err instanceof ApiError && err.status === 404;

/** No campus sign-in waits in this browser (none began, it took too long, or it was linked already). */
function NothingToLink() {
  return (
    <p>
      Nothing to link: start again from the{' '}
      <Link className={LINK} to={pages.login}>
        login page
      </Link>
      .
    </p>
  );
}

/**
 * /link-account: where a campus sign-in lands when its registration id is an account's made by
 * signup (no login needed: the sign-in is in this browser). That account's password, once, links
 * the two; the visitor is then signed in and goes on to the page the sign-in began from.
 */
export default function LinkAccountPage() {
  const pending = usePendingLink();
  return (
    <FormPage title={TITLE}>
      {pending.data ? (
        <LinkForm registrationId={pending.data.registrationId} provider={pending.data.provider} />
      ) : pending.isError ? (
        isMissing(pending.error) ? (
          <NothingToLink />
        ) : (
          <LoadError error={pending.error} onRetry={() => pending.refetch()} retrying={pending.isFetching} />
        )
      ) : (
        <Spinner label="Loading your campus sign-in" />
      )}
    </FormPage>
  );
}

function LinkForm({ registrationId, provider }: { registrationId: number; provider: SignInProvider }) {
  const link = useLinkAccount(provider);
  const navigate = useNavigateWithFlash();
  const [password, setPassword] = useState('');
  const [checked, setChecked] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password === '') {
      setChecked(refusalSentence({ code: 'field_required', field: 'password' }));
      input.current?.focus();
      return;
    }
    setChecked(undefined);
    link.mutate(password, {
      // Replace: Back from the page reached should not return to a spent link.
      onSuccess: ({ data }) => navigate(safeReturnPath(data.next), `Your ${provider.label} is linked: log in with it from now on.`, { replace: true }),
      // A wrong password is the field's to say; the field is where to try again.
      onError: (err) => {
        if (err instanceof ApiError && err.status === 401) input.current?.focus();
      },
    });
  };

  const wrongPassword = link.error instanceof ApiError && link.error.status === 401 ? errorText(link.error) : undefined;
  if (isMissing(link.error)) return <NothingToLink />;

  return (
    <>
      <p className="mb-6 text-slate-700">
        Your {provider.label} matches registration ID {registrationId}, which already has an account here. Enter that account’s password once to link them; after that
        you sign in with {provider.label}.
      </p>
      <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
        {/* Which account the password is for, for the browser's password manager. */}
        <input type="text" name="registrationId" autoComplete="username" value={registrationId} readOnly hidden />
        <PasswordField
          ref={input}
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={checked ?? wrongPassword}
        />
        <ErrorBanner message={link.isError && wrongPassword === undefined ? errorText(link.error) : null} />
        <Button type="submit" disabled={link.isPending}>
          {link.isPending ? 'Linking…' : 'Link and log in'}
        </Button>
      </form>
      <p className="mt-6 text-sm text-slate-600">
        Not your account?{' '}
        <Link className={LINK} to={pages.login}>
          Log in another way
        </Link>
        .
      </p>
    </>
  );
}
