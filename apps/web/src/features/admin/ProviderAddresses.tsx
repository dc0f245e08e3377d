import { useState } from 'react';
import type { AdminSummary } from '@campus/contract/admin-home';
import { formatMoment } from '../../lib/dates';

type ProviderHealth = AdminSummary['providers'][number];

const COPY = 'rounded border border-slate-300 bg-white px-2 py-0.5 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-campus-600';

/** One address campus IT registers at the provider, and a Copy button (where the clipboard cannot be written, the text is selected to copy by hand). */
function Address({ label, url }: { label: string; url: string }) {
  const [said, setSaid] = useState('');
  const copy = async (event: React.MouseEvent<HTMLButtonElement>) => {
    try {
      await navigator.clipboard.writeText(url);
      setSaid('Copied.');
    } catch {
      const code = event.currentTarget.parentElement?.querySelector('code');
      if (code) window.getSelection()?.selectAllChildren(code);
      setSaid('Press Ctrl+C (⌘C on a Mac) to copy the selected address.');
    }
  };
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="flex flex-wrap items-center gap-2">
        <code className="break-all text-sm text-slate-900">{url}</code>
        <button type="button" className={COPY} onClick={(e) => void copy(e)} aria-label={`Copy the ${label.toLowerCase()}`}>
          Copy
        </button>
        <span aria-live="polite" className="text-sm text-slate-700">
          {said}
        </span>
      </dd>
    </div>
  );
}

/**
 * What campus IT needs to register the portal at a provider (its callback or assertion consumer
 * service, SAML metadata, back-channel logout), and when someone last signed in with it.
 */
export function ProviderAddresses({ health, type }: { health: ProviderHealth; type: 'oidc' | 'saml' }) {
  return (
    <div className="flex w-full flex-col gap-2">
      <p className="text-sm text-slate-700">{health.lastSignedInAt ? `Last worked ${formatMoment(health.lastSignedInAt)}.` : 'Nobody has signed in with it yet.'}</p>
      <dl className="flex flex-col gap-2">
        <Address label={type === 'oidc' ? 'Redirect URI' : 'Assertion consumer service'} url={health.callback} />
        {health.metadata && <Address label="Metadata address" url={health.metadata} />}
        {health.logout && <Address label="Back-channel logout URI" url={health.logout} />}
      </dl>
    </div>
  );
}
