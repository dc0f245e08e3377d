import { pages } from '@campus/contract/pages';
import { DELIVERIES, NOTIFICATION_KINDS, type Delivery, type NotificationKind } from '@campus/contract/constants';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorBanner, SuccessBanner } from '../../components/Banner';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { errorText } from '../../lib/api';
import { usePortalConfig } from '../../lib/config/portal-config';
import { usePageTitle } from '../../lib/use-page-title';
import { RequireUser } from '../auth';
import { usePreferences, useUpdatePreferences } from './api/preferences';
import { DELIVERY_TEXT, KIND_TEXT } from './delivery-words';

/**
 * /settings/notifications: for each kind, in the portal only, an email at once, or a daily
 * digest. A choice is saved as soon as it is made; with mail off on this server the email
 * choices are shown, disabled, with the reason.
 */
export default function NotificationSettingsPage() {
  usePageTitle('Notification settings');
  return <RequireUser>{() => <Settings />}</RequireUser>;
}

function Settings() {
  const preferences = usePreferences();
  const config = usePortalConfig();
  const update = useUpdatePreferences();
  const [saved, setSaved] = useState<{ message: string; at: number } | null>(null);
  // Until the server says otherwise, email is assumed off: nothing is offered that may not work.
  const mailOn = config.data?.mailEnabled === true;

  const choose = (kind: NotificationKind, delivery: Delivery) => {
    setSaved(null);
    update.mutate(
      { [kind]: delivery },
      { onSuccess: () => setSaved({ message: `${KIND_TEXT[kind].title}: ${DELIVERY_TEXT[delivery].label.toLowerCase()}. Saved.`, at: Date.now() }) },
    );
  };

  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold text-campus-900">Notification settings</h1>
        <p className="text-slate-600">
          How each kind of notification reaches you. Every notification also appears in <Link to={pages.notifications} className="font-medium text-campus-700 underline">your notifications</Link>.
        </p>
      </div>
      {config.data && !mailOn && (
        <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">
          This portal does not send emails, so notifications reach you in the portal only. The email choices come back when the server is set up to send mail.
        </p>
      )}
      {saved && <SuccessBanner key={saved.at} message={saved.message} onDismiss={() => setSaved(null)} />}
      <ErrorBanner message={update.isError ? errorText(update.error) : null} />
      {preferences.isError ? (
        <LoadError error={preferences.error} onRetry={() => preferences.refetch()} retrying={preferences.isFetching} />
      ) : preferences.isPending ? (
        <Spinner label="Loading your notification settings" />
      ) : (
        <div className="flex flex-col gap-4">
          {NOTIFICATION_KINDS.map((kind) => (
            <KindChoice key={kind} kind={kind} value={preferences.data[kind]} mailOn={mailOn} onChoose={(d) => choose(kind, d)} />
          ))}
        </div>
      )}
    </section>
  );
}

function KindChoice({ kind, value, mailOn, onChoose }: { kind: NotificationKind; value: Delivery; mailOn: boolean; onChoose: (d: Delivery) => void }) {
  const { title, about } = KIND_TEXT[kind];
  return (
    <fieldset className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5" aria-describedby={`kind-${kind}-about`}>
      <legend className="sr-only">{title}</legend>
      <h2 aria-hidden="true" className="text-lg font-semibold text-campus-900">
        {title}
      </h2>
      <p id={`kind-${kind}-about`} className="mt-0.5 text-sm text-slate-600">
        {about}
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-6">
        {DELIVERIES.map((delivery) => {
          const { label, needsMail } = DELIVERY_TEXT[delivery];
          return (
            <label key={delivery} className="flex items-center gap-2 text-slate-800 has-[:disabled]:text-slate-500">
              <input
                type="radio"
                name={`delivery-${kind}`}
                value={delivery}
                checked={value === delivery}
                disabled={needsMail && !mailOn}
                onChange={() => onChoose(delivery)}
                className="h-4 w-4 accent-campus-600"
              />
              {label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
