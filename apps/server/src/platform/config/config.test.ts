import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: path.resolve('./data'),
      storage: 'local',
      examOffice: { registrationId: 211070007, password: undefined, email: 'examoffice@campus.local' },
      staffSignupCode: undefined,
      campusTimeZone: 'Asia/Kolkata',
      session: { idleMinutes: 60, maxHours: 12 },
      trustProxy: false,
      logLevel: 'info',
    });
    expect(c.rateLimits.loginPerAccount.max).toBe(10);
    expect(c.rateLimits.loginPerAddress.max).toBe(100);
    expect(c.rateLimits.registerPerAddress.max).toBe(20);
    expect(c.webDist.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('reads overrides, including the rate limits', () => {
    const c = loadConfig({ PORT: '9000', RATE_LIMIT_LOGIN_PER_ACCOUNT: '100000', TRUST_PROXY: 'true', STAFF_SIGNUP_CODE: 'x', EXAM_OFFICE_REGISTRATION_ID: '123456789' });
    expect(c.port).toBe(9000);
    expect(c.rateLimits.loginPerAccount.max).toBe(100000);
    expect(c.trustProxy).toBe(true);
    expect(c.staffSignupCode).toBe('x');
    expect(c.examOffice.registrationId).toBe(123456789);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ CAMPUS_TZ: 'Mars/Olympus' }, 'CAMPUS_TZ'],
    [{ STORAGE: 's3' }, 'not available in this build'],
    [{ STORAGE: 'ftp' }, 'STORAGE'],
    [{ SESSION_IDLE_MINUTES: '-5' }, 'SESSION_IDLE_MINUTES'],
    [{ TEXTGEN_PROVIDER: 'magic' }, 'TEXTGEN_PROVIDER'],
  ])('fails fast on %o naming the variable', (env, expected) => {
    expect(() => loadConfig(env)).toThrow(expected);
  });
});
