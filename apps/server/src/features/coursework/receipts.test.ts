import { pages, paths, type Receipt } from '@campus/contract';
import { compactVerify, createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-app';
import { textFile } from '../../../test/fixtures';
import { startSmtpServer, testMailConfig, type TestSmtp } from '../../../test/smtp-server';
import { buildClass, form, setWork } from './coursework.test-kit';

const ORIGIN = 'https://portal.campus.test';
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.stop());
beforeEach(() => smtp.reset());

const ctx = useTestApp(() => ({ mail: testMailConfig(smtp), mailSecret: 'receipts-test-mail-secret-0123456789', publicOrigin: ORIGIN }));

async function handIn(): Promise<{ receipt: Receipt; email: string }> {
  const { owner, courseId, students } = await buildClass(ctx.app);
  const work = await setWork(ctx.app, owner, courseId, { title: 'Lab report' });
  const res = await ctx.app.inject({ method: 'POST', url: paths.coursework.submit(work._id), ...form(students[0]!.cookie, { text: 'my answer' }, [['files', textFile('report.txt', 'results')]]) });
  expect(res.statusCode).toBe(201);
  return { receipt: res.json().data.receipt as Receipt, email: students[0]!.user.email };
}

describe('submission receipts', () => {
  it('verify against the published key set with an independent JOSE library; a flipped byte does not', async () => {
    const { receipt } = await handIn();
    const keys = (await ctx.app.inject({ method: 'GET', url: paths.documents.keys })).json() as JSONWebKeySet;
    const keySet = createLocalJWKSet(keys);
    const { payload, protectedHeader } = await jwtVerify(receipt.token, keySet, { algorithms: ['ES256'] });
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload).toEqual(receipt.claims);
    await expect(compactVerify(receipt.token, keySet)).resolves.toBeDefined();

    // One byte of the signed claims changed: the signature no longer holds, here or at /verify.
    const [header, body, signature] = receipt.token.split('.') as [string, string, string];
    const claims = Buffer.from(body, 'base64url');
    claims[claims.indexOf('"attempt":1') + '"attempt":'.length] = '2'.charCodeAt(0);
    const forged = `${header}.${claims.toString('base64url')}.${signature}`;
    await expect(jwtVerify(forged, keySet)).rejects.toThrow();
    const checked = await ctx.app.inject({ method: 'POST', url: paths.documents.verify, payload: { token: forged } });
    expect(checked.json().data).toEqual({ valid: false, reason: 'invalid' });
    const genuine = await ctx.app.inject({ method: 'POST', url: paths.documents.verify, payload: { token: receipt.token } });
    expect(genuine.json().data).toMatchObject({ valid: true, claims: receipt.claims, current: null });
  });

  it('is emailed to the student with its facts and the link that checks it', async () => {
    const { receipt, email } = await handIn();
    const [mail] = await smtp.emailsTo(email, 'Receipt: Lab report (attempt 1)');
    const text = mail!.parsed.text ?? '';
    expect(text).toContain('report.txt');
    expect(text).toContain(receipt.claims.files[0]!.sha256);
    expect(text).toContain(`${ORIGIN}${pages.verifyToken(receipt.token)}`);
  });
});
