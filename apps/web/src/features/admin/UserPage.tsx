import type { AdminUpdateUserBody } from '@campus/contract/admin';
import { BRANCHES, SEMESTERS } from '@campus/contract/constants';
import { pages } from '@campus/contract/pages';
import type { User } from '@campus/contract/users';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import type { z } from 'zod';
import { Avatar } from '../../components/Avatar';
import { ErrorBanner, SuccessBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { SaveOrCancel } from '../../components/SaveOrCancel';
import { useConfirmAction } from '../../components/ConfirmAction';
import { SelectField, TextField } from '../../components/Field';
import { usePageLoad } from '../../components/PageLoad';
import { Spinner } from '../../components/Spinner';
import { errorText } from '../../lib/api';
import { usePortalConfig } from '../../lib/config/portal-config';
import { deferredResolver } from '../../lib/forms';
import type { detailsForm } from './admin-checks';
import { AdminNav } from './AdminNav';
import { useAdminUser, useInviteUser, useSendResetLink, useUpdateUser } from './api/users';
import { AdminCard } from './AdminCard';
import { RequireAdmin } from './RequireAdmin';
import { rolesOf } from './user-filter';

const UserHistory = lazy(() => import('./UserHistory'));

const checks = deferredResolver(() => import('./admin-checks').then((m) => m.detailsResolver));

/** /admin/users/:userId: a user's details, roles and state, each changeable, and what the audit trail says of them. */
export default function UserPage() {
  const { userId = '' } = useParams();
  return <RequireAdmin>{(viewer) => <UserLoad key={userId} userId={userId} viewerId={viewer._id} />}</RequireAdmin>;
}

function UserLoad({ userId, viewerId }: { userId: string; viewerId: string }) {
  const page = usePageLoad(useAdminUser(userId), {
    title: (user) => user.fullname,
    loadingTitle: 'User',
    notFound: { title: 'User not found', detail: 'No account has this address.', back: { to: pages.adminUsers, label: 'Users' } },
    loadingLabel: 'Loading user',
  });
  if (page.screen) return page.screen;
  return <UserView user={page.data} isViewer={page.data._id === viewerId} />;
}

function UserView({ user, isViewer }: { user: User; isViewer: boolean }) {
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <AdminNav />
      <Details user={user} />
      <EditDetails user={user} />
      <RolesAndState user={user} isViewer={isViewer} />
      <ResetLink user={user} />
      {/* Below the details: its code (the audit log's words, paging) loads after them, outside the first load. */}
      <Suspense fallback={<Spinner label="Loading audit entries" />}>
        <UserHistory user={user} />
      </Suspense>
    </section>
  );
}

function Details({ user }: { user: User }) {
  return (
    <div className="flex flex-wrap items-center gap-5 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <Avatar src={user.avatar} name={user.fullname} size={72} />
      <div className="min-w-0">
        <h1 className="break-words text-2xl font-bold text-campus-900">{user.fullname}</h1>
        <p className="text-slate-700">Registration ID: {user.registrationId}</p>
        <p className="break-words text-slate-600">{user.email}</p>
        {/* A directory may give neither (staff need none; a student chooses them once): say only what is known. */}
        {(user.branch !== null || user.semester !== null) && (
          <p className="text-slate-700">{[user.branch, user.semester === null ? null : `semester ${user.semester}`].filter(Boolean).join(', ')}</p>
        )}
        <p className="mt-1 text-sm text-slate-700">
          {rolesOf(user).join(' · ')} · {user.active ? 'Active' : <strong className="text-red-800">Deactivated</strong>}
          {user.managed && ' · Kept by the registrar’s roster'}
        </p>
      </div>
    </div>
  );
}

type DetailsInput = z.input<typeof detailsForm>;
type DetailsOutput = z.output<typeof detailsForm>;

const ROLE_OPTIONS = [
  { value: 2, label: 'Student' },
  { value: 1, label: 'Professor' },
];

/** What the form changes of the user: only those fields are sent, so the audit trail records only real changes. */
/** The choice a select offers while a user's semester or branch is unknown: keeping it unknown. */
const UNKNOWN = { value: '', label: '—' };

/** What the page says it did when a link is on its way. */
const INVITED = 'An invitation to set their password is on its way to their email. It works for 7 days.';
const RESET_LINK_SENT = 'A link to set a new password is on its way to their email.';

function changed(user: User, values: DetailsOutput): AdminUpdateUserBody {
  const body: AdminUpdateUserBody = {};
  if (values.fullname !== user.fullname) body.fullname = values.fullname;
  if (values.email.toLowerCase() !== user.email.toLowerCase()) body.email = values.email;
  if (values.semester !== undefined && values.semester !== user.semester) body.semester = values.semester;
  if (values.branch !== undefined && values.branch !== user.branch) body.branch = values.branch;
  if (values.userrole !== user.userrole) body.userrole = values.userrole;
  return body;
}

/** The details, viewed above and edited here: Edit opens the form, Save sends what changed. */
function EditDetails({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const update = useUpdateUser(user._id);
  const editButton = useRef<HTMLButtonElement>(null);
  const { register, handleSubmit, formState, reset, setFocus } = useForm<DetailsInput, unknown, DetailsOutput>({ resolver: checks.resolver });
  const { errors } = formState;
  // Focus follows the switch: into the form on Edit, back to Edit on Cancel or Save.
  const switched = useRef(false);
  useEffect(() => {
    if (!switched.current) return;
    if (editing) setFocus('fullname');
    else editButton.current?.focus();
  }, [editing, setFocus]);
  const switchTo = (next: boolean) => {
    switched.current = true;
    setEditing(next);
  };

  const start = () => {
    reset({ fullname: user.fullname, email: user.email, semester: user.semester === null ? '' : String(user.semester), branch: user.branch ?? '', userrole: String(user.userrole) });
    setSaved(null);
    update.reset();
    checks.preload();
    switchTo(true);
  };
  const save = handleSubmit((values) => {
    const body = changed(user, values);
    if (Object.keys(body).length === 0) return switchTo(false);
    update.mutate(body, {
      onSuccess: () => {
        setSaved('The user has been updated.');
        switchTo(false);
      },
    });
  });

  return (
    <AdminCard title="Details">
      {saved && <SuccessBanner key={saved} message={saved} onDismiss={() => setSaved(null)} />}
      {editing ? (
        <form noValidate onSubmit={save} className="flex flex-col gap-4">
          <TextField label="Full name" error={errors.fullname?.message} {...register('fullname')} />
          <TextField label="Email" type="email" error={errors.email?.message} {...register('email')} />
          <div className="grid gap-4 sm:grid-cols-[8rem_1fr_9rem]">
            <SelectField label="Semester" options={user.semester === null ? [UNKNOWN, ...SEMESTERS] : SEMESTERS} error={errors.semester?.message} {...register('semester')} />
            <SelectField label="Branch" options={user.branch === null ? [UNKNOWN, ...BRANCHES] : BRANCHES} error={errors.branch?.message} {...register('branch')} />
            <SelectField label="Role" options={ROLE_OPTIONS} error={errors.userrole?.message} {...register('userrole')} />
          </div>
          <SaveOrCancel error={errors.root?.message ?? (update.isError ? errorText(update.error) : null)} pending={update.isPending} onCancel={() => switchTo(false)} />
        </form>
      ) : (
        <Button ref={editButton} variant="secondary" onClick={start} className={saved ? 'mt-3' : ''}>
          Edit details
        </Button>
      )}
    </AdminCard>
  );
}

/** One change of a staff role or of the state, as the confirmation asks it. */
type Change = { isAdmin: boolean } | { isExamOffice: boolean } | { active: boolean };

/** What the dialog says of each change, so the administrator knows what follows before it happens. */
function wordsFor(user: User, change: Change) {
  const name = user.fullname;
  if ('active' in change) {
    return change.active
      ? { title: `Reactivate ${name}?`, description: 'They can sign in again with their password.', confirmLabel: 'Reactivate', done: `${name} is active again.` }
      : {
          title: `Deactivate ${name}?`,
          description: 'Their sessions end at once, on every device, and they cannot sign in until an administrator reactivates the account.',
          confirmLabel: 'Deactivate',
          done: `${name} is deactivated. Their sessions have ended.`,
        };
  }
  if ('isAdmin' in change) {
    return change.isAdmin
      ? { title: `Make ${name} an administrator?`, description: 'They can then see and change every account, and read the whole audit trail.', confirmLabel: 'Make administrator', done: `${name} is now an administrator.` }
      : { title: `Remove ${name} as administrator?`, description: 'They lose the administration pages at once.', confirmLabel: 'Remove administrator', done: `${name} is no longer an administrator.` };
  }
  return change.isExamOffice
    ? { title: `Add ${name} to the exam office?`, description: 'They will receive marksheet requests and can upload marksheets under their own name.', confirmLabel: 'Add to exam office', done: `${name} is now in the exam office.` }
    : { title: `Remove ${name} from the exam office?`, description: 'They no longer receive marksheet requests or upload marksheets.', confirmLabel: 'Remove from exam office', done: `${name} is no longer in the exam office.` };
}

function RolesAndState({ user, isViewer }: { user: User; isViewer: boolean }) {
  const update = useUpdateUser(user._id);
  const confirm = useConfirmAction<Change, Change>({
    mutation: update,
    variables: (change) => change,
    words: (change) => wordsFor(user, change),
    doneMessage: (change) => wordsFor(user, change).done,
  });
  const row = (label: string, state: string, change: Change, action: string) => (
    <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 py-3 last:border-0">
      <p className="text-slate-800">
        <span className="font-medium">{label}:</span> {state}
      </p>
      <Button variant="secondary" className="text-sm" {...confirm.trigger(change)}>
        {action}
      </Button>
    </div>
  );
  return (
    <AdminCard title="Roles and state">
      {confirm.banner}
      {isViewer && <p className="mb-2 text-sm text-slate-600">This is your own account.</p>}
      {row('Exam office', user.isExamOffice ? 'member' : 'not a member', { isExamOffice: !user.isExamOffice }, user.isExamOffice ? 'Remove from exam office' : 'Add to exam office')}
      {row('Administrator', user.isAdmin ? 'yes' : 'no', { isAdmin: !user.isAdmin }, user.isAdmin ? 'Remove administrator' : 'Make administrator')}
      {row('State', user.active ? 'active' : 'deactivated', { active: !user.active }, user.active ? 'Deactivate' : 'Reactivate')}
      {confirm.dialog}
    </AdminCard>
  );
}

/**
 * The emailed links to set a password: an invitation (an account the roster or a campus sign-in
 * made may have none yet; valid 7 days) and a reset link. With mail off the page says so instead
 * of offering them. Whether an account has a password is not in its JSON: an invitation to one
 * that has is refused, and the refusal says to send a reset link.
 */
function ResetLink({ user }: { user: User }) {
  const config = usePortalConfig();
  const send = useSendResetLink(user._id);
  const invite = useInviteUser(user._id);
  const mailOff = config.data?.mailEnabled === false;
  const done = invite.isSuccess ? INVITED : send.isSuccess ? RESET_LINK_SENT : null;
  const failed = invite.isError ? errorText(invite.error) : send.isError ? errorText(send.error) : null;
  return (
    <AdminCard title="Password">
      {mailOff ? (
        <p className="text-slate-700">This portal sends no email, so it cannot send {user.fullname} a link to set a password.</p>
      ) : (
        <div className="flex flex-col items-start gap-3">
          {done && <SuccessBanner message={done} />}
          <ErrorBanner message={failed} />
          {user.managed && (
            <>
              <Button
                variant="secondary"
                onClick={() => {
                  send.reset();
                  invite.mutate();
                }}
                disabled={invite.isPending}
              >
                {invite.isPending ? 'Sending…' : 'Invite'}
              </Button>
              <p className="text-sm text-slate-600">For an account with no password yet: emails {user.email} an invitation to set one, valid for 7 days, in your name.</p>
            </>
          )}
          <Button
            variant="secondary"
            onClick={() => {
              invite.reset();
              send.mutate();
            }}
            disabled={send.isPending}
          >
            {send.isPending ? 'Sending…' : 'Send a reset link'}
          </Button>
          <p className="text-sm text-slate-600">Emails {user.email} a single-use link to set a new password, valid for 30 minutes, in your name.</p>
        </div>
      )}
    </AdminCard>
  );
}
