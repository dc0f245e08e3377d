import { pages } from '@campus/contract/pages';
import { BRANCHES, EMAIL_CHANGE_LINK_HOURS, SEMESTERS } from '@campus/contract/constants';
import { fieldLabels } from '@campus/contract/labels';
import type { CurrentUser, UpdateAccountBody, User, updateAccountBody } from '@campus/contract/users';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Avatar } from '../../components/Avatar';
import { SuccessBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { SaveOrCancel } from '../../components/SaveOrCancel';
import { PasswordField, SelectField, TextField } from '../../components/Field';
import { FormPage } from '../../components/Page';
import { errorText } from '../../lib/api';
import { deferredResolver } from '../../lib/forms';
import { profileLabel, RequireUser } from '../auth';
import { useUpdateAccount } from './api/update-account';
import { refusalSentence } from '../../lib/words';

const checks = deferredResolver(() => import('./profile-checks').then((m) => m.updateAccountResolver));

/** /update-account: the profile, viewed as text, and edited in place (docs/product.md#accounts). */
export default function ProfilePage() {
  return <RequireUser>{(user) => <Profile user={user} />}</RequireUser>;
}

/** What the registrar's roster keeps of a managed account, said beside each such field. */
const SET_BY_REGISTRAR = 'Set by the registrar';

/** A field as text; `kept` adds that the registrar sets it (a managed account's name, semester, branch). */
/** One line of the profile; a value not known yet (a directory that gave no semester or branch) reads "—". */
function Row({ label, value, kept = false }: { label: string; value: string | number | null; kept?: boolean }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-slate-100 py-3 sm:flex-row sm:gap-4">
      <dt className="text-sm font-medium text-slate-500 sm:w-36 sm:shrink-0">{label}</dt>
      <dd className="break-words font-medium text-slate-900">
        {value ?? '—'}
        {kept && value !== null && <span className="ml-2 text-sm font-normal text-slate-500">({SET_BY_REGISTRAR})</span>}
      </dd>
    </div>
  );
}

/** Whether the form's email is another address than the account's (emails compare ignoring case, as on the server). */
const isNewAddress = (typed: string | undefined, user: User) => (typed ?? '').trim().toLowerCase() !== user.email.toLowerCase();

/** What a saved change of address says: the link went to the new address, the old one works until it is opened. */
const confirmationSent = (user: User) =>
  `A confirmation link was sent to ${user.pendingEmail}. Your email stays ${user.email} until you open that link (within ${EMAIL_CHANGE_LINK_HOURS} hours).`;

const REGISTRAR_NOTE = 'Your full name, semester and branch come from the registrar’s roster: ask the registrar to correct them. Your email and password are yours to change.';
/** The same, for someone signed in through the campus directory, which sets them at every sign-in. */
const directoryNote = (label: string) => `Your full name, semester and branch come from your ${label} at every sign-in: ask campus IT or the registrar to correct them.`;

/** A managed account's fields the form does not edit, as text, with who sets them. */
function KeptByRegistrar({ user }: { user: User }) {
  return (
    <section aria-label={SET_BY_REGISTRAR} className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
      <h2 className="text-sm font-semibold text-slate-700">{SET_BY_REGISTRAR}</h2>
      <dl className="mt-1 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[6rem_1fr]">
        <dt className="text-slate-500">Full name</dt>
        <dd className="break-words font-medium text-slate-900">{user.fullname}</dd>
        <dt className="text-slate-500">Semester</dt>
        <dd className="font-medium text-slate-900">{user.semester ?? '—'}</dd>
        <dt className="text-slate-500">Branch</dt>
        <dd className="font-medium text-slate-900">{user.branch ?? '—'}</dd>
      </dl>
      <p className="mt-2 text-xs text-slate-600">Ask the registrar to correct them.</p>
    </section>
  );
}

/** Viewing ⇄ editing: Edit switches to inputs, a successful Save returns to viewing. */
function Profile({ user }: { user: CurrentUser }) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const update = useUpdateAccount();
  const editButton = useRef<HTMLButtonElement>(null);
  const { register, handleSubmit, formState, reset, setFocus, setError, watch } = useForm<z.input<typeof updateAccountBody>, unknown, UpdateAccountBody>({
    resolver: checks.resolver,
  });
  const { errors } = formState;
  // A new address needs the account's password (a session left open must not be enough): its
  // field appears only then.
  const newAddress = isNewAddress(watch('email'), user);
  // Focus follows the switch, so keyboard and screen-reader users stay where the change is:
  // into the form's first field on Edit, back to Edit on Cancel or Save (never on first view).
  const switched = useRef(false);
  useEffect(() => {
    if (!switched.current) return;
    if (editing) setFocus(user.managed ? 'email' : 'fullname');
    else editButton.current?.focus();
  }, [editing, setFocus, user.managed]);
  const switchTo = (next: boolean) => {
    switched.current = true;
    setEditing(next);
  };

  const startEditing = () => {
    // An unknown semester or branch is sent as nothing (kept as it is), never as a value.
    reset({ email: user.email, fullname: user.fullname, semester: user.semester === null ? undefined : String(user.semester), branch: user.branch ?? undefined, currentPassword: '' });
    setSaved(null);
    update.reset();
    checks.preload();
    switchTo(true);
  };

  const save = handleSubmit(({ currentPassword, ...body }) => {
    if (!isNewAddress(body.email, user)) return send(body);
    if (!currentPassword) return setError('currentPassword', { message: refusalSentence({ code: 'field_required', field: 'currentPassword' }) }, { shouldFocus: true });
    send({ ...body, currentPassword });
  });
  const send = (body: UpdateAccountBody) =>
    update.mutate(body, {
      onSuccess: ({ data }) => {
        // With mail on, a new address waits for its link: say so rather than "updated".
        const waiting = body.currentPassword !== undefined && data.user.pendingEmail !== null;
        setSaved(waiting ? confirmationSent(data.user) : 'Your account has been updated.');
        switchTo(false);
      },
    });

  return (
    <FormPage title="Profile">
      {saved && <SuccessBanner key={saved} message={saved} onDismiss={() => setSaved(null)} />}
      <div className="mt-4 flex items-center gap-4">
        <Avatar src={user.avatar} name={user.fullname} size={56} />
        <div className="flex flex-col items-start gap-1">
          <span className="rounded-full bg-campus-50 px-3 py-1 text-sm font-semibold text-campus-700">{profileLabel(user)}</span>
          {/* How this session began, when a campus sign-in provider vouched for it. */}
          {user.signedInWith && <p className="text-sm text-slate-600">Signed in with {user.signedInWith.label}</p>}
        </div>
      </div>
      {editing ? (
        <form noValidate className="mt-4 flex flex-col gap-4" onSubmit={save}>
          {/* A managed account's name, semester and branch are the registrar's: shown, and sent back as they are. */}
          {user.managed ? (
            <KeptByRegistrar user={user} />
          ) : (
            <TextField label="Full name" autoComplete="name" error={errors.fullname?.message} {...register('fullname')} />
          )}
          <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
          {newAddress && (
            <PasswordField
              label={fieldLabels.currentPassword}
              autoComplete="current-password"
              hint="A new email address needs your password."
              error={errors.currentPassword?.message}
              {...register('currentPassword')}
            />
          )}
          {!user.managed && (
            <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
              <SelectField label="Semester" options={SEMESTERS} error={errors.semester?.message} {...register('semester')} />
              <SelectField label="Branch" options={BRANCHES} error={errors.branch?.message} {...register('branch')} />
            </div>
          )}
          <SaveOrCancel error={errors.root?.message ?? (update.isError ? errorText(update.error) : null)} pending={update.isPending} onCancel={() => switchTo(false)} />
        </form>
      ) : (
        <>
          <dl className="mt-2">
            <Row label="Full name" value={user.fullname} kept={user.managed} />
            <Row label="Registration ID" value={user.registrationId} />
            <Row label="Email" value={user.email} />
            {user.pendingEmail && <Row label="New email" value={`${user.pendingEmail} — waiting for confirmation`} />}
            <Row label="Semester" value={user.semester} kept={user.managed} />
            <Row label="Branch" value={user.branch} kept={user.managed} />
          </dl>
          {user.managed && <p className="mt-3 text-sm text-slate-600">{user.signedInWith ? directoryNote(user.signedInWith.label) : REGISTRAR_NOTE}</p>}
          <div className="mt-6 flex flex-wrap items-center gap-x-5 gap-y-3">
            <Button ref={editButton} onClick={startEditing}>
              Edit
            </Button>
            <Link to={pages.updateAvatar} className="font-medium text-campus-700 underline">
              Change avatar
            </Link>
            <Link to={pages.changePassword} className="font-medium text-campus-700 underline">
              Change password
            </Link>
            <Link to={pages.notificationSettings} className="font-medium text-campus-700 underline">
              Notification settings
            </Link>
            <Link to={pages.calendar} className="font-medium text-campus-700 underline">
              Calendar feed
            </Link>
            <Link to={pages.activity} className="font-medium text-campus-700 underline">
              My activity
            </Link>
          </div>
        </>
      )}
    </FormPage>
  );
}
