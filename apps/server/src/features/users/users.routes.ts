import {
  API_PREFIX,
  MESSAGES,
  changePasswordBody,
  loginBody,
  paths,
  registerBody,
} from '@campus/contract';
import { updateAccountBody } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createSession, clearSessionCookie, sessionPolicy, setSessionCookie } from '../../platform/auth/sessions';
import { badRequest, notFound, unauthorized } from '../../platform/errors/app-error';
import { ok } from '../../platform/errors/envelope';
import { parseOrThrow } from '../../platform/errors/validation';
import { readMultipart } from '../../platform/files/upload';
import { isUuid } from '../../platform/http/ids';
import { isKnownDevice, rememberDevice } from '../../platform/auth/known-devices';
import { LoginThrottle } from '../../platform/auth/login-throttle';
import { addressKey } from '../../platform/limits/client-address';
import { limiter } from '../../platform/limits/limiter';
import { canViewUser } from './users.policy';
import { presentUser } from './users.presenter';
import {
  assertOldPassword,
  authenticate,
  changePassword,
  findUserById,
  registerUser,
  replaceAvatar,
  updateAccount,
} from './users.service';


export async function usersRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const limits = app.config.rateLimits;
  const policy = sessionPolicy(app.config);

  // A whole class may sign up from one campus address within the hour; a script meets the burst limit.
  const registerPerAddress = limiter(app, 'register-address', limits.registerPerAddress, 'too many signups from your network this hour', (r) => addressKey(r.ip));
  const registerBurst = limiter(app, 'register-burst', limits.registerBurst, 'too many signups from your network just now', (r) => addressKey(r.ip));
  const throttle = new LoginThrottle(app.counters, app.config.login, (request, registrationId) => isKnownDevice(db, request, registrationId));

  app.post(paths.users.register, {
    config: { access: 'anyone', upload: { field: 'avatar', kind: 'avatar' } },
    onRequest: [registerBurst, registerPerAddress],
    schema: { tags: ['users'], summary: 'Sign up (multipart, avatar required)', consumes: ['multipart/form-data'] },
    handler: async (request, reply) => {
      const form = await readMultipart(request, app.fileStore);
      try {
        const body = parseOrThrow(registerBody, form.fields);
        if (!form.file) throw badRequest(MESSAGES.avatarRequired);
        const user = await registerUser(db, app.config, body, form.file);
        return ok(reply, presentUser(user), 'user registered successfully', 201);
      } catch (err) {
        // Nothing of a refused signup stays behind: the avatar bytes go too.
        if (form.file) await app.fileStore.delete(form.file.key);
        throw err;
      }
    },
  });

  app.post(paths.users.login, {
    config: { access: 'anyone' },
    schema: { tags: ['users'], summary: 'Log in (failed attempts are limited per account and address, 429 with Retry-After)', body: loginBody },
    handler: async (request, reply) => {
      const attempt = await throttle.begin(request, reply, request.body.registrationId);
      const user = await authenticate(db, request.body.registrationId, request.body.password);
      if (!user) throw unauthorized(MESSAGES.invalidLogin);
      await attempt.succeeded();
      await rememberDevice(db, request, reply, user.id);
      const session = await createSession(db, user.id, policy);
      setSessionCookie(request, reply, session.token, session.expiresAt);
      return ok(reply, { user: presentUser(user) }, 'logged in successfully');
    },
  });

  app.post(paths.users.logout, {
    config: { access: 'user' },
    schema: { tags: ['users'], summary: 'Log out (revokes this session)' },
    handler: async (request, reply) => {
      await app.sessions.revoke(request.sessionHash!);
      clearSessionCookie(request, reply);
      return ok(reply, {}, 'logged out successfully');
    },
  });

  app.get(paths.users.currentUser, {
    config: { access: 'user' },
    schema: { tags: ['users'], summary: 'The logged-in user' },
    handler: async (request, reply) => ok(reply, presentUser(request.user!), 'current user fetched successfully'),
  });

  app.patch(paths.users.avatar, {
    config: { access: 'user', upload: { field: 'avatar', kind: 'avatar' } },
    schema: { tags: ['users'], summary: 'Replace the avatar (multipart)', consumes: ['multipart/form-data'] },
    handler: async (request, reply) => {
      const form = await readMultipart(request, app.fileStore);
      if (!form.file) throw badRequest(MESSAGES.avatarRequired);
      let user;
      try {
        user = await replaceAvatar(db, app.fileStore, request.user!, form.file);
      } catch (err) {
        await app.fileStore.delete(form.file.key);
        throw err;
      }
      await app.sessions.accountChanged(user.id);
      return ok(reply, { user: presentUser(user) }, 'avatar updated successfully');
    },
  });

  app.patch(paths.users.updateAccount, {
    config: { access: 'user' },
    schema: { tags: ['users'], summary: 'Update email, name, branch and semester', body: updateAccountBody },
    handler: async (request, reply) => {
      const user = await updateAccount(db, request.user!, request.body);
      await app.sessions.accountChanged(user.id);
      return ok(reply, { user: presentUser(user) }, 'account updated successfully');
    },
  });

  app.post(paths.users.changePassword, {
    config: { access: 'user' },
    schema: { tags: ['users'], summary: 'Change password (other sessions are revoked; wrong old passwords are throttled like logins)', body: changePasswordBody },
    handler: async (request, reply) => {
      const user = request.user!;
      // A stolen session must not become a way to guess the password behind it.
      const attempt = await throttle.begin(request, reply, user.registrationId);
      await assertOldPassword(user, request.body.oldpassword);
      await attempt.succeeded();
      await changePassword(db, user, request.body.newpassword);
      await app.sessions.revokeOthers(user.id, request.sessionHash!);
      return ok(reply, {}, 'password changed successfully');
    },
  });

  app.get(`${API_PREFIX}/users/getuser/:userId`, {
    config: { access: 'user' },
    schema: { tags: ['users'], summary: 'A user, for those allowed to see them', params: z.object({ userId: z.string().max(100) }) },
    handler: async (request, reply) => {
      const { userId } = request.params;
      // Malformed ids, unknown ids and users the caller may not see all answer the same 404.
      if (!isUuid(userId) || !(await canViewUser(db, request.user!, userId))) throw notFound('user not found');
      const user = await findUserById(db, userId);
      if (!user) throw notFound('user not found');
      return ok(reply, { user: presentUser(user) }, 'user fetched successfully');
    },
  });
}
