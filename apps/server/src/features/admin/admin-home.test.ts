import { paths, type AdminSummary } from '@campus/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { identities, users } from '../../db/schema';
import type { OidcProviderConfig, SamlProviderConfig } from '../../platform/config/config';
import { useTestApp } from '../../../test/build-app';
import { buildCourse, buildProfessor, buildStudent, joinCourse, loginAdmin, userFields } from '../../../test/factories';
import { multipart } from '../../../test/fixtures';
import { selfSignedCertificate } from '../../../test/self-signed';

const provider = (id: string): OidcProviderConfig => ({
  id,
  type: 'oidc',
  label: `Provider ${id}`,
  issuer: `https://${id}.campus.invalid`,
  clientId: 'portal',
  clientSecret: 'secret',
  claims: { registrationId: 'student_id', email: 'email', fullname: 'name' },
  roles: [{ claim: 'groups', value: 'students', role: 'student' }],
});

const saml: SamlProviderConfig = {
  id: 'saml',
  type: 'saml',
  label: 'Staff directory',
  entryPoint: 'https://idp.campus.invalid/sso',
  idpCert: (await selfSignedCertificate()).cert,
  claims: { registrationId: 'studentId', email: 'mail', fullname: 'displayName' },
  roles: [{ claim: 'affiliation', value: 'student', role: 'student' }],
};

const ctx = useTestApp(() => ({ publicOrigin: 'https://portal.campus.test', signInProviders: [provider('campus'), saml] }));

async function summary(cookie: string): Promise<AdminSummary> {
  const res = await ctx.app.inject({ method: 'GET', url: paths.admin.summary, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AdminSummary;
}

describe("the administrator's home summary", () => {
  it('counts what the cards show, each from the tables the portal keeps, and gives the addresses each provider is registered with', async () => {
    const admin = await loginAdmin(ctx.app);
    const before = await summary(admin.cookie);
    expect(before.providers).toEqual([
      {
        id: 'campus',
        label: 'Provider campus',
        lastSignedInAt: null,
        callback: 'https://portal.campus.test/api/v1/auth/campus/callback',
        metadata: null,
        logout: 'https://portal.campus.test/api/v1/auth/campus/backchannel-logout',
      },
      { id: 'saml', label: 'Staff directory', lastSignedInAt: null, callback: 'https://portal.campus.test/api/v1/auth/saml/acs', metadata: 'https://portal.campus.test/api/v1/auth/saml/metadata', logout: null },
    ]);

    // An applied users import is listed; a preview is not.
    const id = Number(userFields().registrationId);
    const csv = `registrationId,email,fullname,role,semester,branch\n${id},r.${id}@campus.test,Rohan Patil,student,3,Computer Engineering\n`;
    for (const dryRun of ['true', 'false']) {
      const body = multipart({ kind: 'users', dryRun }, { file: { filename: 'users.csv', contentType: 'text/csv', data: Buffer.from(csv) } });
      const res = await ctx.app.inject({ method: 'POST', url: paths.admin.createImport, headers: { ...body.headers, cookie: admin.cookie }, payload: body.payload });
      expect(res.statusCode, res.body).toBe(201);
    }

    // One account switched off.
    const leaver = await buildStudent(ctx.app);
    await ctx.app.inject({ method: 'PATCH', url: paths.admin.updateUser(leaver.user._id), headers: { cookie: admin.cookie }, payload: { active: false } });

    // Two sign-ins with the campus provider: the later one is when it last worked.
    const a = await buildStudent(ctx.app);
    const b = await buildStudent(ctx.app);
    await ctx.database.db.insert(identities).values([
      { provider: 'campus', subject: 'sub-a', userId: a.user._id, lastSignedInAt: new Date('2026-11-20T08:00:00Z') },
      { provider: 'campus', subject: 'sub-b', userId: b.user._id, lastSignedInAt: new Date('2026-11-27T09:30:00Z') },
      // A provider since removed from AUTH_PROVIDERS is not shown.
      { provider: 'gone', subject: 'sub-a', userId: a.user._id, lastSignedInAt: new Date('2026-11-28T09:30:00Z') },
    ]);

    // A student with an exam ahead and no photo.
    const professor = await buildProfessor(ctx.app);
    const course = await buildCourse(ctx.app, professor, { examDate: '2099-05-02' });
    await joinCourse(ctx.app, a, course._id);
    await ctx.database.db.update(users).set({ avatarFileId: null }).where(eq(users.id, a.user._id));

    const after = await summary(admin.cookie);
    expect(after.imports[0]).toMatchObject({ kind: 'users', counts: { created: 1 } });
    expect(after.imports).toHaveLength(before.imports.length + 1);
    expect(after.deactivated).toBe(before.deactivated + 1);
    expect(after.providers.map((p) => [p.id, p.lastSignedInAt])).toEqual([
      ['campus', '2026-11-27T09:30:00.000Z'],
      ['saml', null],
    ]);
    expect(after.studentsWithoutPhoto).toBe(before.studentsWithoutPhoto + 1);
  });
});
