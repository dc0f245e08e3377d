import { byRequest, deviceOf } from '../audit';
import { SUCCESSES, api, registerBody } from '@campus/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createSession, clearSessionCookie, sessionPolicy, setSessionCookie } from '../../platform/auth/sessions';
import { refuse } from '../../platform/errors/app-error';
import { ok } from '../../platform/errors/envelope';
import { parseOrThrow } from '../../platform/errors/validation';
import { removeStored } from '../../platform/files/remove-stored';
import { withUpload } from '../../platform/files/upload';
import { contractRoutes } from '../../platform/http/contract-route';
import { isUuid } from '../../platform/http/ids';
import { deviceCookieHash, isKnownDevice, rememberDevice } from '../../platform/auth/known-devices';
import { LoginThrottle } from '../../platform/auth/login-throttle';
import { addressKey } from '../../platform/limits/client-address';
import { limiter } from '../../platform/limits/limiter';
import { USERS_MAIL_TEMPLATES } from './account-emails';
import { FORGOT_PASSWORD_FLOOR_MS, requestPasswordReset, resetPassword } from './password-reset';
import { assertOwnerMayUpdate } from './account-rules';
import { canViewUser } from './users.policy';
import { presentUser } from './users.presenter';
import { confirmEmailChange } from './email-change';
import {
  assertPassword,
  authenticate,
  changePassword,
  changesEmail,
  findUserById,
  recordSignIn,
  registerUser,
  replaceAvatar,
  updateAccount,
} from './users.service';
import type { AccountsDeps, SignupRules } from './accounts-deps';
import { describeProvider } from '../../platform/config/config';

const { users } = api;
const route = contractRoutes('users');

/** Every /api/v1/users route of the contract (packages/contract/src/users.ts). */
export async function usersRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const limits = app.config.rateLimits;
  const policy = sessionPolicy(app.config);
  // The feature's emails, rendered by the mail worker when it sends them.
  app.mailTemplates.add(...USERS_MAIL_TEMPLATES);

  // A whole class may sign up from one campus address within the hour; a script meets the burst limit.
  const registerPerAddress = limiter(app, 'register-address', limits.registerPerAddress, 'signups_this_hour', (r) => addressKey(r.ip));
  const registerBurst = limiter(app, 'register-burst', limits.registerBurst, 'signups_just_now', (r) => addressKey(r.ip));
  const throttle = new LoginThrottle(app.counters, app.config.login, (request, registrationId) => isKnownDevice(db, request, registrationId));
  // pendingEmail is shown only while its link still works.
  const present = (user: UserRow) => presentUser(user, app.config.now());
  const accounts: AccountsDeps = { db, mailOn: app.config.mail !== undefined, mailSecrets: app.mailSecrets, now: app.config.now };
  const signup: SignupRules = { reservedRegistrationId: app.config.examOffice.registrationId, staffSignupCode: app.config.staffSignupCode };

  /**
   * The caller proves they know their account's password, sent as `field`, throttled like a
   * login: a session alone (a lab computer left logged in, a stolen cookie) must not become a way
   * to guess the password behind it.
   */
  const provePassword = async (request: FastifyRequest, reply: FastifyReply, user: UserRow, password: string, field: 'oldpassword' | 'currentPassword') => {
    const attempt = await throttle.begin(request, reply, user.registrationId);
    try {
      await assertPassword(user, password, field);
    } catch (err) {
      app.metrics.loginFailed();
      throw err;
    }
    await attempt.succeeded();
  };

  app.route({
    ...route(users.register, { access: 'anyone' }),
    onRequest: [registerBurst, registerPerAddress],
    handler: async (request, reply) => {
      // Refused before a byte of the body is read.
      if (!app.config.signupOpen) throw refuse('signup_closed');
      // Nothing of a refused signup stays behind: the avatar bytes go too.
      return withUpload(request, app.fileStore, async (form) => {
        const body = parseOrThrow(registerBody, form.fields);
        if (!form.file) throw refuse('avatar_required');
        const user = await registerUser(db, signup, body, form.file);
        return ok(reply, present(user), SUCCESSES.registered, 201);
      });
    },
  });

  app.route({
    ...route(users.login, { access: 'anyone' }),
    handler: async (request, reply) => {
      const attempt = await throttle.begin(request, reply, request.body.registrationId);
      const user = await authenticate(db, request.body.registrationId, request.body.password);
      if (!user) {
        app.metrics.loginFailed();
        throw refuse('invalid_login');
      }
      await attempt.succeeded();
      // Said only to whoever knows the password: to anyone else the account looks like any other.
      if (!user.active) throw refuse('account_deactivated');
      // PASSWORD_LOGIN=admins: the password stays an administrator's way in while the provider is
      // down; everyone else is sent to it. Said only after the password, like deactivation.
      if (app.config.passwordLogin === 'admins' && !user.isAdmin) throw refuse('password_login_admins_only');
      await recordSignIn(db, { actorId: user.id, ip: request.ip }, user.id, (tx) => rememberDevice(tx, request, reply, user.id), deviceOf(request.headers['user-agent']));
      const session = await createSession(db, user.id, policy);
      setSessionCookie(request, reply, session.token, session.expiresAt);
      return ok(reply, { user: present(user) }, SUCCESSES.loggedIn);
    },
  });

  app.route({
    ...route(users.logout, { access: 'user' }),
    handler: async (request, reply) => {
      await app.sessions.revoke(request.sessionHash!);
      clearSessionCookie(request, reply);
      // A shared lab computer: the browser drops what its HTTP cache holds of this origin. The
      // web app deletes the service worker's saved answers itself (CacheStorage is "storage" to
      // this header, which would also unregister the worker and lose the offline shell).
      reply.header('clear-site-data', '"cache"');
      return ok(reply, {}, SUCCESSES.loggedOut);
    },
  });

  app.route({
    ...route(users.currentUser, { access: 'user' }),
    handler: async (request, reply) =>
      ok(reply, { ...present(request.user!), signedInWith: describeProvider(app.config.signInProviders, request.sessionProvider) }, 'current user fetched successfully'),
  });

  app.route({
    ...route(users.avatar, { access: 'user' }),
    handler: async (request, reply) => {
      const { user, oldKey } = await withUpload(request, app.fileStore, async (form) => {
        if (!form.file) throw refuse('avatar_required');
        return replaceAvatar(db, request.user!, form.file);
      });
      await removeStored(app.fileStore, [oldKey], request.log);
      await app.sessions.accountChanged(user.id);
      return ok(reply, { user: present(user) }, SUCCESSES.avatarUpdated);
    },
  });

  app.route({
    ...route(users.updateAccount, { access: 'user' }),
    handler: async (request, reply) => {
      const user = request.user!;
      const { body } = request;
      // Checked again on the locked row as the change is written (the session's copy may be seconds old).
      assertOwnerMayUpdate(user, body);
      // The email is the way to the password reset: a new address needs the password.
      const newAddress = changesEmail(user, body);
      if (newAddress) {
        if (!body.currentPassword) throw refuse('field_required', { field: 'currentPassword' });
        await provePassword(request, reply, user, body.currentPassword, 'currentPassword');
      }
      const updated = await updateAccount(accounts, byRequest(request), user, body);
      await app.sessions.accountChanged(updated.id);
      // With mail on, the new address waits for its link: the answer says so.
      const message = newAddress && updated.pendingEmail !== null
        ? SUCCESSES.accountUpdatedPendingEmail
        : SUCCESSES.accountUpdated;
      return ok(reply, { user: present(updated) }, message);
    },
  });

  app.route({
    ...route(users.confirmEmail, { access: 'anyone' }),
    handler: async (request, reply) => {
      const user = await confirmEmailChange(accounts, request.ip, request.body.token);
      // No instance may keep serving the old address from a cached session.
      await app.sessions.accountChanged(user.id);
      return ok(reply, { user: present(user) }, SUCCESSES.emailConfirmed);
    },
  });

  app.route({
    ...route(users.changePassword, { access: 'user' }),
    handler: async (request, reply) => {
      const user = request.user!;
      await provePassword(request, reply, user, request.body.oldpassword, 'oldpassword');
      await changePassword(accounts, byRequest(request), user, request.body.newpassword);
      await app.sessions.revokeOthers(user.id, request.sessionHash!);
      return ok(reply, {}, SUCCESSES.passwordChanged);
    },
  });

  // Per address: a script trying many ids or tokens meets a 429.
  const resetPerAddress = limiter(app, 'reset-address', limits.resetPerAddress, 'reset_requests', (r) => addressKey(r.ip));

  /**
   * Whether the account's hourly allowance of reset links is spent. Counted for any id, existing
   * or not, and never answered with a 429: the answer stays the same neutral one, so the limit
   * tells nothing and blocks no one; only the emails stop (requestPasswordReset). A browser that
   * logged into the account before is not held by it, on an allowance of its own.
   */
  const resetOverLimit = async (request: FastifyRequest, registrationId: number): Promise<boolean> => {
    const { max, windowMs } = limits.resetPerAccount;
    const account = await app.counters.increment(`reset-account:${registrationId}`, windowMs);
    if (account.count <= max) return false;
    const device = deviceCookieHash(request);
    if (!device) return true;
    const own = await app.counters.increment(`reset-device:${registrationId}:${device}`, windowMs);
    return own.count > max || !(await isKnownDevice(db, request, registrationId));
  };

  const mailOn = async () => {
    if (!app.config.mail) throw refuse('reset_unavailable');
  };

  app.route({
    ...route(users.forgotPassword, { access: 'anyone' }),
    preHandler: [mailOn, resetPerAddress],
    handler: async (request, reply) => {
      const answerAt = Date.now() + FORGOT_PASSWORD_FLOOR_MS;
      const { registrationId } = request.body;
      await requestPasswordReset(accounts, registrationId, await resetOverLimit(request, registrationId));
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, answerAt - Date.now())));
      return ok(reply, {}, SUCCESSES.resetLinkSent);
    },
  });

  app.route({
    ...route(users.resetPassword, { access: 'anyone' }),
    preHandler: [resetPerAddress],
    handler: async (request, reply) => {
      const user = await resetPassword(accounts, request.ip, request.body.token, request.body.newpassword);
      // The sessions are gone from the database; no instance may keep serving a cached one.
      await app.sessions.accountChanged(user.id);
      // Whoever holds the reset link holds the account's email: its login failures are forgiven.
      await throttle.forgive(request, user.registrationId);
      return ok(reply, {}, SUCCESSES.passwordReset);
    },
  });

  app.route({
    ...route(users.getUser, { access: 'user' }),
    handler: async (request, reply) => {
      const { userId } = request.params;
      // Malformed ids, unknown ids and users the caller may not see all answer the same 404.
      if (!isUuid(userId) || !(await canViewUser(db, request.user!, userId))) throw refuse('user_not_found');
      const user = await findUserById(db, userId);
      if (!user) throw refuse('user_not_found');
      return ok(reply, { user: present(user) }, 'user fetched successfully');
    },
  });
}
