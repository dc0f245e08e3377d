import type { AccountRole } from '@campus/contract/constants';
import { pages } from '@campus/contract/pages';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { usePageLoad } from '../../components/PageLoad';
import { formatMoment } from '../../lib/dates';
// A real sign-in's refusals, which the result says as the login page would.
import '../../lib/sign-in-words';
import { hasSentence, refusalSentence } from '../../lib/words';
import { AdminNav } from './AdminNav';
import { PROVIDER_TYPES, testSignInHref, useSignInTest, type SignInTest } from './api/sign-in';
import { AdminCard } from './AdminCard';
import { RequireAdmin } from './RequireAdmin';

const LINK = 'rounded font-medium text-campus-700 underline focus-visible:outline-2 focus-visible:outline-campus-600';

/**
 * A test's refusal: its code, worded as the login page words it. A test recorded before refusals
 * had codes holds the server's English, shown as it is (an administrator reads it, once).
 */
const refusalWords = (refusal: string) => (hasSentence(refusal) ? refusalSentence({ code: refusal }) : refusal);

/** The role a rule gives, in words. */
const ROLE_WORDS: Record<AccountRole, string> = { student: 'student', professor: 'professor', examOffice: 'exam office', admin: 'administrator' };

/** The rule that matched, as AUTH_PROVIDERS holds it: "rule 2: groups = faculty → professor". */
const ruleText = ({ rule, claim, value, role }: NonNullable<SignInTest['matched']>) => `rule ${rule}: ${claim} = ${value} → ${ROLE_WORDS[role]}`;

/** A released claim's value: text as it is, anything else (a list, an object, a number) as JSON. */
const claimText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)));

const shown = (value: string | number | null) => (value === null ? '—' : value);

type Failure = NonNullable<SignInTest['failure']>;

/** What each kind of failure means, and what campus IT can check first. */
const FAILURE_WORDS: Record<Failure['kind'], string> = {
  nameNotFound: 'The provider’s name was not found (DNS): check the issuer’s host name, and that this server can resolve it.',
  refused: 'Nothing answered at that address (connection refused): check the issuer’s host and port, and that the provider is running.',
  tls: 'The provider’s certificate is not trusted (TLS): it may be self-signed, expired or for another name; this server must trust its authority.',
  discovery: 'The provider answered, but not with an OpenID Connect discovery document: check the issuer’s path (the address below should give JSON).',
  timeout: 'The provider did not answer in time: check firewalls between this server and the provider.',
  other: 'The provider could not be reached.',
};

/**
 * /admin/sign-in/:testId: where a test sign-in comes back to. What the provider released (every
 * claim), the account those claims describe, the role rule that matched, and whether a real
 * sign-in with them would go through or why it would be refused. Only the administrator who ran
 * the test can read it.
 */
export default function SignInTestPage() {
  const { testId = '' } = useParams();
  return <RequireAdmin>{() => <TestLoad key={testId} testId={testId} />}</RequireAdmin>;
}

function TestLoad({ testId }: { testId: string }) {
  const page = usePageLoad(useSignInTest(testId), {
    title: (test) => `Test sign-in with ${test.provider.label}`,
    loadingTitle: 'Test sign-in',
    notFound: { title: 'Test not found', detail: 'A test sign-in is shown only to the administrator who ran it.', back: { to: pages.adminSignIn, label: 'Campus sign-in' } },
    loadingLabel: 'Loading the test sign-in',
  });
  if (page.screen) return page.screen;
  return <TestView test={page.data} />;
}

function Rows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[10rem_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-sm font-medium text-slate-500">{term}</dt>
          <dd className="break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function TestView({ test }: { test: SignInTest }) {
  if (test.failure) return <FailureView test={test} failure={test.failure} />;
  const { provider, account, matched, refusal } = test;
  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-5">
      <h1 className="text-2xl font-bold text-campus-900">Test sign-in with {provider.label}</h1>
      <AdminNav />
      <p className="text-slate-700">
        {formatMoment(test.createdAt)}. Nothing was created or changed: this is what a real sign-in with these claims would do.{' '}
        <a className={LINK} href={testSignInHref(provider)}>
          Test again
        </a>
      </p>
      <AdminCard title="Outcome">
        {refusal === null ? (
          <p className="mb-3 rounded-lg border border-green-300 bg-green-50 p-3 text-green-900">A real sign-in would go through.</p>
        ) : (
          <p className="mb-3 rounded-lg border border-red-300 bg-red-50 p-3 text-red-800">
            A real sign-in would be refused: <span className="font-medium">{refusalWords(refusal)}</span>
          </p>
        )}
        <Rows
          rows={[
            ['Provider', `${provider.label} (${PROVIDER_TYPES[provider.type]}, ${provider.id})`],
            ['Subject', <code key="subject">{test.subject}</code>],
            ['Role rule', matched ? ruleText(matched) : 'None matched'],
          ]}
        />
      </AdminCard>
      <AdminCard title="Account">
        {account ? (
          <Rows
            rows={[
              ['Registration ID', account.registrationId],
              ['Email', account.email],
              ['Full name', account.fullname],
              ['Semester', shown(account.semester)],
              ['Branch', shown(account.branch)],
            ]}
          />
        ) : (
          <p className="text-slate-700">The claims describe no account the portal could keep.</p>
        )}
      </AdminCard>
      <AdminCard title="Released claims">
        {Object.keys(test.claims).length === 0 ? (
          <p className="text-slate-700">The provider released no claims.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 text-slate-500">
                <tr>
                  <th scope="col" className="w-1/3 py-2 pr-4 font-medium">
                    Claim
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Value
                  </th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(test.claims).map(([key, value]) => (
                  <tr key={key} className="border-b border-slate-100 last:border-0 align-top">
                    <th scope="row" className="break-all py-2 pr-4 font-mono font-normal text-slate-900">
                      {key}
                    </th>
                    <td className="break-all py-2 font-mono text-slate-800">{claimText(value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </AdminCard>
      <p>
        <Link className={LINK} to={pages.adminSignIn}>
          All providers
        </Link>
      </p>
    </section>
  );
}

/** A test that never reached the provider: what failed, the address tried, and the error's own words. */
function FailureView({ test, failure }: { test: SignInTest; failure: Failure }) {
  const { provider } = test;
  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-5">
      <h1 className="text-2xl font-bold text-campus-900">Test sign-in with {provider.label}</h1>
      <AdminNav />
      <p className="text-slate-700">
        {formatMoment(test.createdAt)}. The portal could not reach the provider, so nobody could sign in with it now.{' '}
        <a className={LINK} href={testSignInHref(provider)}>
          Test again
        </a>
      </p>
      <AdminCard title="What failed">
        <p role="alert" className="mb-3 rounded-lg border border-red-300 bg-red-50 p-3 text-red-800">
          {FAILURE_WORDS[failure.kind]}
        </p>
        <Rows
          rows={[
            ['Provider', `${provider.label} (${PROVIDER_TYPES[provider.type]}, ${provider.id})`],
            ['Address tried', <code key="address" className="break-all">{failure.address}</code>],
            ['Error', <code key="detail" className="break-all">{failure.detail}</code>],
          ]}
        />
      </AdminCard>
      <p>
        <Link className={LINK} to={pages.adminSignIn}>
          All providers
        </Link>
      </p>
    </section>
  );
}
