import { paths } from '@campus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-app';
import { DEFAULT_PASSWORD, buildStudent, loginAs } from '../../../test/factories';
import { startSmtpServer, testMailConfig, type ReceivedMail, type TestSmtp } from '../../../test/smtp-server';
import { mailJobs } from '../../db/schema';
import { testConfig } from '../../../test/build-app';
import { accountEmailSubjects, emailChangeConfirmEmail, emailChangeRequestedEmail, invitationEmail, passwordChangedEmail, passwordResetEmail } from './account-emails';

const PASSWORD_CHANGED_SUBJECT = accountEmailSubjects('Campus Portal').passwordChanged;

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
const ctx = useTestApp(() => ({ mail: testMailConfig(smtp) }));
afterAll(() => smtp.stop());

const NEW_PASSWORD = 'a brand new passphrase';

async function emailTo(address: string, subject: string): Promise<ReceivedMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = smtp.received.find((m) => m.to.includes(address) && m.parsed.subject === subject);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no "${subject}" email to ${address} arrived`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('POST /users/change-password tells the account', () => {
  it("emails the account's address: when (campus time), every other session logged out, what to do if it was not them", async () => {
    const ada = await buildStudent(ctx.app);
    const res = await ctx.app.inject({ method: 'POST', url: paths.users.changePassword, headers: { cookie: ada.cookie }, payload: { oldpassword: DEFAULT_PASSWORD, newpassword: NEW_PASSWORD } });
    expect(res.statusCode).toBe(200);
    const text = (await emailTo(ada.user.email, PASSWORD_CHANGED_SUBJECT)).parsed.text ?? '';
    expect(text.startsWith(`Hello ${ada.user.fullname},\n\n`)).toBe(true);
    expect(text).toContain(String(ada.user.registrationId));
    expect(text).toMatch(/changed on \d{1,2} \w+ \d{4} at \d{2}:\d{2} \(Asia\/Kolkata\)/);
    expect(text).toContain('Every other session of the account was logged out.');
    expect(text).toContain('If this was not you, ask for a new reset link at https://portal.campus.test/forgot-password');
  });

  it('sends nothing when the old password is wrong, or when mail is off', async () => {
    const ada = await buildStudent(ctx.app);
    const wrong = await ctx.app.inject({ method: 'POST', url: paths.users.changePassword, headers: { cookie: ada.cookie }, payload: { oldpassword: 'not it at all', newpassword: NEW_PASSWORD } });
    expect(wrong.statusCode).toBe(400);
    const off = await ctx.extraApp({ mail: undefined });
    const done = await off.inject({ method: 'POST', url: paths.users.changePassword, headers: { cookie: ada.cookie }, payload: { oldpassword: DEFAULT_PASSWORD, newpassword: NEW_PASSWORD } });
    expect(done.statusCode).toBe(200);
    await loginAs(ctx.app, ada.user.registrationId, NEW_PASSWORD);
    expect(await ctx.database.db.select().from(mailJobs)).toEqual([]);
  });
});

describe('the words of account emails', () => {
  const who = { fullname: 'Ada\r\nClick https://evil.test to keep your account', registrationId: 211070001 };
  const at = '2026-03-03T08:35:00.000Z';
  const context = { origin: 'https://portal.campus.test', campusName: 'Campus Portal', config: testConfig('/nonexistent') };

  it('each opens with a greeting by the name on the account, and calls the portal by its name', () => {
    const asha = { fullname: 'Asha Rao', registrationId: 211070001 };
    const named = { ...context, campusName: 'Govt. College of Engineering' };
    const emails = [
      passwordResetEmail.render(asha, { token: 'abc' }, named),
      passwordResetEmail.render({ ...asha, first: true }, { token: 'abc' }, named),
      invitationEmail.render({ ...asha, sentBy: 'Meera Iyer' }, { token: 'abc' }, named),
      passwordChangedEmail.render({ ...asha, at, via: 'change' }, undefined, named),
      emailChangeRequestedEmail.render({ ...asha, newEmail: 'asha@new.test', at }, undefined, named),
      emailChangeConfirmEmail.render(asha, { token: 'abc' }, named),
    ];
    for (const email of emails) {
      expect(email.text.split('\n').slice(0, 2)).toEqual(['Hello Asha Rao,', '']);
      expect(email.text).toMatch(/Govt\. College of Engineering account 211070001|set up your account on Govt\. College of Engineering: registration ID 211070001/);
      expect(email.text).not.toContain('Campus Portal');
      // The subject is not the body's first line again.
      expect(email.text).not.toContain(email.subject);
    }
    expect(emails.map((e) => e.subject)).toEqual(Object.values(accountEmailSubjects('Govt. College of Engineering')));
    expect(emails[0]!.subject).toBe('Reset your Govt. College of Engineering password');
    expect(emails[1]!.subject).toBe('Set your Govt. College of Engineering password');
  });

  it('an invitation and an administrator’s link name the administrator on one line; a first password is "set", not "reset"', () => {
    const sentBy = 'Meera\nYour account is closed';
    const invitation = invitationEmail.render({ ...who, sentBy }, { token: 'abc' }, context);
    expect(invitation.text).toContain('Your campus has set up your account on Campus Portal: registration ID 211070001.');
    expect(invitation.text).toContain('Meera Your account is closed, an administrator of Campus Portal, sent you this invitation.');
    expect(invitation.text).toContain('Open this link within 7 days to set your password (it works once):');
    expect(invitation.text.split('\n')).toContain('https://portal.campus.test/reset-password?token=abc&first=1');
    expect(invitation.text.split('\n').some((l) => l.startsWith('Your account is closed'))).toBe(false);

    const byAdmin = passwordResetEmail.render({ ...who, sentBy: 'Meera Iyer' }, { token: 'abc' }, context);
    expect(byAdmin.text).toContain('Meera Iyer, an administrator of Campus Portal, sent you a link to reset the password of the account 211070001.');
    expect(byAdmin.text).not.toContain('Someone, hopefully you');
    const first = passwordResetEmail.render({ ...who, first: true }, { token: 'abc' }, context);
    expect(first.text).toContain('asked to set the first password of the Campus Portal account 211070001');
    expect(first.text).toContain('to set your password');
    expect(first.text).not.toContain('reset the password');
  });

  it('puts what users typed on lines of their own, where no line break in it can add a line', () => {
    const confirmation = emailChangeConfirmEmail.render(who, { token: 'abc' }, context);
    const lines = confirmation.text.split('\n');
    expect(lines).toContain('    Ada Click https://evil.test to keep your account');
    // The name is in the greeting and on its own indented line, and starts no line of its own.
    expect(lines.filter((l) => l.includes('evil.test'))).toEqual(['Hello Ada Click https://evil.test to keep your account,', '    Ada Click https://evil.test to keep your account']);
    expect(lines).toContain('https://portal.campus.test/confirm-email?token=abc');
    const notice = emailChangeRequestedEmail.render({ ...who, newEmail: 'new@campus.test\nYour account is closed', at }, undefined, context);
    expect(notice.text.split('\n')).toContain('    new@campus.test Your account is closed');
    expect(notice.text).toContain('On 3 March 2026 at 14:05 (Asia/Kolkata)');
  });

  it('writes the time of a password change in the campus time zone, and how it was changed', () => {
    const changed = passwordChangedEmail.render({ ...who, at, via: 'change' }, undefined, context);
    expect(changed.text).toContain('changed on 3 March 2026 at 14:05 (Asia/Kolkata) by someone logged in to it');
    expect(changed.text).toContain('Every other session of the account was logged out.');
    const reset = passwordChangedEmail.render({ ...who, at, via: 'reset' }, undefined, context);
    expect(reset.text).toContain('with a reset link sent to this address');
    expect(reset.text.split('\n').filter((l) => l.includes('evil.test'))).toEqual(['Hello Ada Click https://evil.test to keep your account,']);
  });
});
