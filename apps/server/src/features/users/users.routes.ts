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
import { createSession, clearSessionCookie, revokeOtherSessions, revokeSession, sessionPolicy, setSessionCookie } from '../../platform/auth/sessions';
import { badRequest, notFound, unauthorized } from '../../platform/errors/app-error';
import { ok } from '../../platform/errors/envelope';
import { parseOrThrow } from '../../platform/errors/validation';
import { readMultipart } from '../../platform/files/upload';
import { isUuid } from '../../platform/http/ids';
import { limiter } from '../../platform/http/rate-limits';
import { canViewUser } from './users.policy';
import { presentUser } from './users.presenter';
import {
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

  const registerPerAddress = limiter(app, 'register-ip', limits.registerPerAddress, (r) => r.ip);
  const loginPerAddress = limiter(app, 'login-ip', limits.loginPerAddress, (r) => r.ip);
  // Runs after validation, so the body's registrationId is a normalised number.
  const loginPerAccount = limiter(app, 'login-account', limits.loginPerAccount, (r) => String((r.body as { registrationId: number }).registrationId));

  app.post(paths.users.register, {
    config: { access: 'anyone' },
    onRequest: [registerPerAddress],
    schema: { tags: ['users'], summary: 'Sign up (multipart, avatar required)', consumes: ['multipart/form-data'] },
    handler: async (request, reply) => {
      const form = await readMultipart(request, app.fileStore, { fileField: 'avatar', kind: 'avatar' });
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
    onRequest: [loginPerAddress],
    preHandler: [loginPerAccount],
    schema: { tags: ['users'], summary: 'Log in', body: loginBody },
    handler: async (request, reply) => {
      const user = await authenticate(db, request.body.registrationId, request.body.password);
      if (!user) throw unauthorized(MESSAGES.invalidLogin);
      const session = await createSession(db, user.id, policy);
      setSessionCookie(request, reply, session.token, session.expiresAt);
      return ok(reply, { user: presentUser(user) }, 'logged in successfully');
    },
  });

  app.post(paths.users.logout, {
    config: { access: 'user' },
    schema: { tags: ['users'], summary: 'Log out (revokes this session)' },
    handler: async (request, reply) => {
      await revokeSession(db, request.sessionHash!);
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
    config: { access: 'user' },
    schema: { tags: ['users'], summary: 'Replace the avatar (multipart)', consumes: ['multipart/form-data'] },
    handler: async (request, reply) => {
      const form = await readMultipart(request, app.fileStore, { fileField: 'avatar', kind: 'avatar' });
      if (!form.file) throw badRequest(MESSAGES.avatarRequired);
      try {
        const user = await replaceAvatar(db, app.fileStore, request.user!, form.file);
        return ok(reply, { user: presentUser(user) }, 'avatar updated successfully');
      } catch (err) {
        await app.fileStore.delete(form.file.key);
        throw err;
      }
    },
  });

  app.patch(paths.users.updateAccount, {
    config: { access: 'user' },
    schema: { tags: ['users'], summary: 'Update email, name, branch and semester', body: updateAccountBody },
    handler: async (request, reply) => {
      const user = await updateAccount(db, request.user!, request.body);
      return ok(reply, { user: presentUser(user) }, 'account updated successfully');
    },
  });

  app.post(paths.users.changePassword, {
    config: { access: 'user' },
    schema: { tags: ['users'], summary: 'Change password (other sessions are revoked)', body: changePasswordBody },
    handler: async (request, reply) => {
      const user = request.user!;
      await changePassword(db, user, request.body.oldpassword, request.body.newpassword);
      await revokeOtherSessions(db, user.id, request.sessionHash!);
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
