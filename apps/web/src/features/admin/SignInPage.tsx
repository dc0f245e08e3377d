import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { usePortalConfig } from '../../lib/config/portal-config';
import { usePageTitle } from '../../lib/use-page-title';
import { AdminNav } from './AdminNav';
import { metadataHref, PROVIDER_TYPES, testSignInHref, useAdminSignInProviders } from './api/sign-in';
import { useAdminSummary } from './api/summary';
import { ProviderAddresses } from './ProviderAddresses';
import { RequireAdmin } from './RequireAdmin';

const LINK = 'rounded font-medium text-campus-700 underline focus-visible:outline-2 focus-visible:outline-campus-600';

/**
 * /admin/sign-in: the campus sign-in providers campus IT configured (AUTH_PROVIDERS), each with a
 * test sign-in, which shows what the provider releases for an account and what the portal would
 * make of it, and, for SAML, the metadata campus IT loads into its identity provider; with the
 * addresses campus IT registers at each provider, to copy, and when each last worked.
 */
export default function SignInPage() {
  usePageTitle('Campus sign-in');
  return <RequireAdmin>{() => <SignIn />}</RequireAdmin>;
}

function SignIn() {
  const providers = useAdminSignInProviders();
  // The addresses and last sign-ins come with the home page's summary: shown once it is there.
  const health = useAdminSummary().data?.providers;
  const config = usePortalConfig().data;
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <h1 className="text-2xl font-bold text-campus-900">Campus sign-in</h1>
      <AdminNav />
      <p className="text-slate-700">
        A test sign-in takes you to the provider: sign in there with a campus account, and you come back to what the provider released and what the portal would make of
        it. Nobody is signed in and nothing is created or changed.
      </p>
      {config && (
        <p className="text-sm text-slate-600">
          {config.passwordLogin === 'admins' ? 'Only administrators log in with a password; everyone else uses a provider.' : 'Everyone may also log in with a password.'}
        </p>
      )}
      {providers.isError ? (
        <LoadError error={providers.error} onRetry={() => providers.refetch()} retrying={providers.isFetching} />
      ) : !providers.data ? (
        <Spinner label="Loading the providers" />
      ) : providers.data.length === 0 ? (
        <p className="rounded-xl bg-white p-5 text-slate-700 shadow-sm ring-1 ring-slate-200">
          No provider is configured: campus IT sets them with AUTH_PROVIDERS when the portal starts.
        </p>
      ) : (
        <ul aria-label="Providers" className="flex flex-col gap-3">
          {providers.data.map((provider) => (
            <li key={provider.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <div>
                <h2 className="text-lg font-semibold text-campus-900">{provider.label}</h2>
                <p className="text-sm text-slate-600">
                  {PROVIDER_TYPES[provider.type]} · <code>{provider.id}</code>
                </p>
              </div>
              <p className="flex flex-wrap gap-x-5 gap-y-2">
                {provider.type === 'saml' && (
                  <a className={LINK} href={metadataHref(provider)} aria-label={`Metadata of ${provider.label}`}>
                    Metadata
                  </a>
                )}
                <a className={LINK} href={testSignInHref(provider)} aria-label={`Test sign-in with ${provider.label}`}>
                  Test sign-in
                </a>
              </p>
              <Health health={health?.find((h) => h.id === provider.id)} type={provider.type} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A provider's addresses and last sign-in, once the summary has come (nothing before). */
function Health({ health, type }: { health: Parameters<typeof ProviderAddresses>[0]['health'] | undefined; type: 'oidc' | 'saml' }) {
  return health ? <ProviderAddresses health={health} type={type} /> : null;
}
