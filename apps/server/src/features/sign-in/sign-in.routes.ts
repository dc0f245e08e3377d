import { randomUUID } from 'node:crypto';
import { SAML_RESPONSE_MAX, SUCCESSES, api, localPathOf, pages, paths, type SignInErrorCode } from '@campus/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, lt } from 'drizzle-orm';
import { identities, signInReplays, signInTests, type SignInAttemptRow } from '../../db/schema';
import { isKnownDevice, rememberDevice } from '../../platform/auth/known-devices';
import { LoginThrottle } from '../../platform/auth/login-throttle';
import { verifyPassword } from '../../platform/auth/passwords';
import { SESSION_COOKIE, createSession, sessionPolicy, setSessionCookie } from '../../platform/auth/sessions';
import { describeProvider } from '../../platform/config/config';
import { AppError, refuse } from '../../platform/errors/app-error';
import { ok } from '../../platform/errors/envelope';
import { contractRoutes } from '../../platform/http/contract-route';
import { acceptFormBodies } from '../../platform/http/form-body';
import { isUuid } from '../../platform/http/ids';
import { deviceOf } from '../audit';
import { findUserByRegistrationId, presentUser, recordSignIn } from '../users';
import { answerAttempt, awaitingPassword, browserHashOf, browserOf, endAttempt, findAttempt, startAttempt, takeAttempt, type AttemptPurpose } from './attempts';
import { readClaims } from './claims';
import { diagnose, discoveryAddress, failedTest } from './diagnostics';
import { previewSignIn, signInWithIdentity, type CampusIdentity } from './identities.service';
import { LOGOUT_TOKEN_MAX_AGE_S, OidcProvider } from './oidc';
import { SamlProvider, type SamlEndpoints } from './saml';
import { presentTest } from './sign-in.presenter';

const { auth } = api;
/** How long an administrator's test sign-in stays readable. */
const TEST_KEPT_MS = 24 * 3_600_000;
const route = contractRoutes('auth');

/** What a SAML answer leaves on its attempt for the browser's return, and a matched signup account's link waits with. */
interface Answer extends CampusIdentity {
  sid: string | null;
}

/**
 * Campus sign-in (contract: packages/contract/src/auth.ts). The browser goes to the provider from
 * `start` and comes back to `callback` (OpenID Connect) or to `acs` (SAML), which records the
 * verified answer and sends the browser on to `callback` too: the SAML POST comes from the
 * provider's site, so the browser's Lax sign-in cookie is not sent with it, and only the return
 * to `callback`, a same-site navigation, can show that the answer reached the browser that began.
 */
export async function signInRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const policy = sessionPolicy(app.config);
  acceptFormBodies(app, SAML_RESPONSE_MAX + 4096);
  const providers = new Map(app.config.signInProviders.map((p) => [p.id, p.type === 'oidc' ? new OidcProvider(p) : new SamlProvider(p)]));
  const throttle = new LoginThrottle(app.counters, app.config.login, (request, registrationId) => isKnownDevice(db, request, registrationId));

  const providerOr404 = (id: string) => {
    const provider = providers.get(id);
    if (!provider) throw refuse('sign_in_provider_unknown');
    return provider;
  };
  // The addresses providers are given and check answers against come from PUBLIC_ORIGIN alone,
  // never from a request's Host: with the Host, an assertion a provider issued to another service
  // provider (its audience and recipient that provider's address) would pass here when POSTed
  // with that Host. The configuration refuses providers without PUBLIC_ORIGIN; this is its guard.
  const origin = app.config.publicOrigin;
  if (providers.size > 0 && origin === undefined) throw new Error('campus sign-in providers need PUBLIC_ORIGIN');
  const redirectUri = (id: string) => `${origin}${paths.auth.callback(id)}`;
  const samlEndpoints = (provider: SamlProvider): SamlEndpoints => ({
    acsUrl: `${origin}${paths.auth.acs(provider.settings.id)}`,
    entityId: provider.settings.entityId ?? `${origin}${paths.auth.metadata(provider.settings.id)}`,
  });
  /**
   * To the login page with the refusal's code, which the page words itself; with the page the
   * sign-in was for, when it is known, so a second try still ends there.
   */
  const toLogin = (reply: FastifyReply, code: SignInErrorCode, next?: string) => reply.redirect(pages.loginRefused(code, next), 302);
  /** `next` as kept, checked again on the way out (an attempt begun before an upgrade kept it unchecked). */
  const nextPage = (next: string) => localPathOf(next, origin) ?? pages.home;

  app.route({
    ...route(auth.providers, { access: 'anyone' }),
    handler: async (_request, reply) =>
      ok(reply, { providers: app.config.signInProviders.map((p) => describeProvider(app.config.signInProviders, p.id)!) }, 'sign-in providers fetched successfully'),
  });

  app.route({
    ...route(auth.start, { access: 'anyone' }),
    handler: async (request, reply) => {
      const provider = providerOr404(request.params.providerId);
      const purpose: AttemptPurpose = request.query.test ? 'test' : 'signIn';
      // A test is an administrator's: the session is read here, the route being open to anyone.
      let testerId: string | null = null;
      if (purpose === 'test') {
        const token = request.cookies[SESSION_COOKIE];
        const session = token ? await app.sessions.resolve(token) : null;
        if (!session) throw refuse('login_required');
        if (!session.user.isAdmin) throw refuse('sign_in_test_admins_only');
        testerId = session.user.id;
      }
      const base = { provider: provider.settings.id, purpose, testerId, browserHash: browserOf(request, reply), next: request.query.next ?? pages.home };
      const now = app.config.now();
      if (provider instanceof SamlProvider) {
        // An XML ID must not start with a digit. The AuthnRequest is made here: the IdP is the browser's to reach.
        const samlRequestId = `_${randomUUID()}`;
        const state = await startAttempt(db, { ...base, samlRequestId }, now);
        return reply.redirect(await provider.authorizeUrl(samlEndpoints(provider), state, samlRequestId), 302);
      }
      const checks = OidcProvider.newChecks();
      const state = await startAttempt(db, { ...base, ...checks }, now);
      let authorization: string;
      try {
        // The provider's discovery document, fetched the first time: the one call that can find it down.
        authorization = await provider.authorizationUrl(redirectUri(provider.settings.id), { ...checks, state });
      } catch (err) {
        request.log.warn({ err, provider: provider.settings.id }, 'campus sign-in provider not reachable');
        if (purpose === 'test') {
          // The administrator is signed in and asked for a diagnosis: back to the administration
          // pages with what failed and where, not to the login page.
          const id = await keepTest(testerId!, provider.settings.id, now, failedTest(diagnose(err, discoveryAddress(provider.settings.issuer))));
          return reply.redirect(pages.adminSignInTest(id), 302);
        }
        return toLogin(reply, 'sign_in_unavailable', base.next);
      }
      return reply.redirect(authorization, 302);
    },
  });

  app.route({
    ...route(auth.callback, { access: 'anyone' }),
    handler: async (request, reply) => {
      const provider = providerOr404(request.params.providerId);
      const { state } = request.query;
      if (!state) return toLogin(reply, 'sign_in_expired');
      const now = app.config.now();
      const browser = browserHashOf(request);
      if (provider instanceof SamlProvider) {
        const attempt = await takeAttempt(db, provider.settings.id, state, browser, 'answered', now);
        if (!attempt) return toLogin(reply, 'sign_in_expired');
        return finish(request, reply, attempt, attempt.answer as unknown as Answer);
      }
      const attempt = await takeAttempt(db, provider.settings.id, state, browser, 'started', now);
      if (!attempt) return toLogin(reply, 'sign_in_expired');
      if (request.query.error) {
        request.log.info({ provider: provider.settings.id, error: request.query.error }, 'campus sign-in: the provider answered with an error');
        return toLogin(reply, 'sign_in_failed', attempt.next);
      }
      let answer: Answer;
      try {
        const here = redirectUri(provider.settings.id);
        const currentUrl = new URL(`${here}${request.url.slice(request.url.indexOf('?'))}`);
        answer = await provider.callback(currentUrl, here, { state, nonce: attempt.nonce!, codeVerifier: attempt.codeVerifier! });
      } catch (err) {
        request.log.warn({ err, provider: provider.settings.id }, 'campus sign-in: the provider’s answer was refused');
        return toLogin(reply, 'sign_in_failed', attempt.next);
      }
      return finish(request, reply, attempt, answer);
    },
  });

  app.route({
    ...route(auth.acs, { access: 'anyone', crossSite: true }),
    handler: async (request, reply) => {
      const provider = providerOr404(request.params.providerId);
      if (!(provider instanceof SamlProvider)) throw refuse('sign_in_provider_unknown');
      const state = request.body.RelayState;
      const attempt = state ? await findAttempt(db, provider.settings.id, state, app.config.now()) : undefined;
      if (!attempt?.samlRequestId || attempt.stage !== 'started') return toLogin(reply, 'sign_in_expired');
      let answer: Answer;
      try {
        answer = { ...(await provider.verify(samlEndpoints(provider), request.body.SAMLResponse, attempt.samlRequestId, attempt.createdAt)), sid: null };
      } catch (err) {
        request.log.warn({ err, provider: provider.settings.id }, 'campus sign-in: the SAML response was refused');
        await endAttempt(db, attempt);
        return toLogin(reply, 'sign_in_failed', attempt.next);
      }
      // Once: a second POST of the same response finds the attempt answered already.
      if (!(await answerAttempt(db, attempt, { ...answer }))) return toLogin(reply, 'sign_in_expired');
      return reply.redirect(`${paths.auth.callback(provider.settings.id)}?${new URLSearchParams({ state: state! })}`, 302);
    },
  });

  /**
   * The provider vouched for someone, and the answer is this browser's: a test's result is kept
   * for the administrator to read; a sign-in signs in, asks a signup account's owner for the
   * password, or is refused with the reason on the login page.
   */
  async function finish(request: FastifyRequest, reply: FastifyReply, attempt: SignInAttemptRow, answer: Answer) {
    const provider = app.config.signInProviders.find((p) => p.id === attempt.provider);
    // Removed from AUTH_PROVIDERS while the browser was away.
    if (!provider) return toLogin(reply, 'sign_in_expired');
    const now = app.config.now();
    if (attempt.purpose === 'test') {
      const verdict = readClaims(provider, answer.claims);
      const outcome = await previewSignIn(db, provider, answer, { ip: request.ip, now });
      const id = await keepTest(attempt.testerId!, provider.id, now, {
        subject: answer.subject,
        claims: answer.claims,
        account: verdict.account ? { ...verdict.account } : null,
        matched: verdict.matched ? { ...verdict.matched } : null,
        refusal: outcome.kind === 'refused' ? outcome.refusal.message : null,
      });
      return reply.redirect(pages.adminSignInTest(id), 302);
    }
    const outcome = await signInWithIdentity(db, provider, answer, { ip: request.ip, now });
    if (outcome.kind === 'refused') {
      request.log.info({ provider: provider.id, refusal: outcome.refusal.message }, 'campus sign-in refused');
      return toLogin(reply, outcome.code, attempt.next);
    }
    if (outcome.kind === 'needsPassword') {
      await startAttempt(db, { provider: provider.id, purpose: 'signIn', testerId: null, browserHash: attempt.browserHash, next: attempt.next, stage: 'awaitingPassword', answer: { ...answer, registrationId: outcome.user.registrationId } }, now);
      return reply.redirect(pages.linkAccount, 302);
    }
    await startSession(request, reply, outcome.user.id, provider.id, answer.sid);
    return reply.redirect(nextPage(attempt.next), 302);
  }

  /** Keeps a test's result for its administrator to read, and returns its id. A test's result is read once, soon after: a day's are kept. */
  async function keepTest(testerId: string, provider: string, now: Date, result: Pick<typeof signInTests.$inferInsert, 'subject' | 'claims' | 'account' | 'matched' | 'refusal'>) {
    const id = randomUUID();
    await db.delete(signInTests).where(lt(signInTests.createdAt, new Date(now.getTime() - TEST_KEPT_MS)));
    await db.insert(signInTests).values({ id, testerId, provider, ...result, createdAt: now });
    return id;
  }

  async function startSession(request: FastifyRequest, reply: FastifyReply, userId: string, provider: string, providerSid: string | null) {
    await recordSignIn(db, { actorId: userId, ip: request.ip }, userId, (tx) => rememberDevice(tx, request, reply, userId), deviceOf(request.headers['user-agent']));
    const session = await createSession(db, userId, policy, { provider, providerSid });
    setSessionCookie(request, reply, session.token, session.expiresAt);
  }

  app.route({
    ...route(auth.metadata, { access: 'anyone' }),
    handler: async (request, reply) => {
      const provider = providerOr404(request.params.providerId);
      if (!(provider instanceof SamlProvider)) throw refuse('sign_in_provider_unknown');
      return reply.type('application/samlmetadata+xml').send(provider.metadata(samlEndpoints(provider)));
    },
  });

  app.route({
    ...route(auth.backchannelLogout, { access: 'anyone', crossSite: true }),
    handler: async (request, reply) => {
      const provider = providerOr404(request.params.providerId);
      if (!(provider instanceof OidcProvider)) throw refuse('sign_in_provider_unknown');
      // Back-Channel Logout 1.0: the answer must not be cached.
      reply.header('cache-control', 'no-store');
      let token;
      try {
        token = await provider.verifyLogoutToken(request.body.logout_token);
      } catch (err) {
        request.log.info({ err, provider: provider.settings.id }, 'campus sign-in: a logout token was refused');
        throw refuse('logout_token_invalid');
      }
      const id = provider.settings.id;
      const now = app.config.now();
      // Each token is acted on once: kept as long as a token of its age is accepted at all.
      await db.delete(signInReplays).where(and(eq(signInReplays.provider, id), lt(signInReplays.expiresAt, now)));
      const fresh = await db
        .insert(signInReplays)
        .values({ provider: id, tokenId: token.jti, expiresAt: new Date(now.getTime() + LOGOUT_TOKEN_MAX_AGE_S * 2000) })
        .onConflictDoNothing()
        .returning({ tokenId: signInReplays.tokenId });
      if (fresh.length === 0) throw refuse('logout_token_invalid');
      let userId: string | null = null;
      if (token.sub !== null) {
        const [linked] = await db.select({ userId: identities.userId }).from(identities).where(and(eq(identities.provider, id), eq(identities.subject, token.sub)));
        // Someone this portal never signed in: nothing of theirs to end.
        if (!linked) return ok(reply, {}, SUCCESSES.loggedOut);
        userId = linked.userId;
      }
      await app.sessions.revokeFromProvider(id, userId, token.sid);
      return ok(reply, {}, SUCCESSES.loggedOut);
    },
  });

  app.route({
    ...route(auth.pendingLink, { access: 'anyone' }),
    handler: async (request, reply) => {
      const attempt = await awaitingPassword(db, browserHashOf(request), app.config.now());
      const provider = attempt && describeProvider(app.config.signInProviders, attempt.provider);
      if (!attempt || !provider) throw refuse('not_found');
      return ok(reply, { registrationId: Number(attempt.answer!.registrationId), provider }, 'pending link fetched successfully');
    },
  });

  app.route({
    ...route(auth.link, { access: 'anyone' }),
    handler: async (request, reply) => {
      const now = app.config.now();
      const attempt = await awaitingPassword(db, browserHashOf(request), now);
      const provider = attempt && app.config.signInProviders.find((p) => p.id === attempt.provider);
      if (!attempt || !provider) throw refuse('not_found');
      const answer = attempt.answer as unknown as Answer & { registrationId: number };
      // The password is checked as a login's is: throttled per account and address.
      const check = await throttle.begin(request, reply, answer.registrationId);
      const holder = await findUserByRegistrationId(db, answer.registrationId);
      if (!holder || !(await verifyPassword(holder.passwordHash, request.body.password))) throw refuse('link_password_incorrect');
      await check.succeeded();
      const outcome = await signInWithIdentity(db, provider, answer, { ip: request.ip, now }, true);
      await endAttempt(db, attempt);
      if (outcome.kind === 'refused') throw new AppError(outcome.refusal);
      if (outcome.kind !== 'signedIn') throw new Error('a password given still asked for one');
      await startSession(request, reply, outcome.user.id, provider.id, answer.sid);
      return ok(reply, { user: presentUser(outcome.user, now), next: nextPage(attempt.next) }, SUCCESSES.loggedIn);
    },
  });

  app.route({
    ...route(auth.signInTest, { access: 'admin' }),
    handler: async (request, reply) => {
      const { testId } = request.params;
      const [row] = isUuid(testId) ? await db.select().from(signInTests).where(and(eq(signInTests.id, testId), eq(signInTests.testerId, request.user!.id))) : [];
      const provider = row && describeProvider(app.config.signInProviders, row.provider);
      if (!row || !provider) throw refuse('not_found');
      return ok(reply, { test: presentTest(row, provider) }, 'sign-in test fetched successfully');
    },
  });
}
