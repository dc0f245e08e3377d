import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: path.resolve('./data'),
      storage: { kind: 'local' },
      examOffice: { registrationId: 211070007, password: undefined, email: 'examoffice@campus.local' },
      staffSignupCode: undefined,
      campusTimeZone: 'Asia/Kolkata',
      campusName: 'Campus Portal',
      examCentre: undefined,
      session: { idleMinutes: 60, maxHours: 12 },
      trustProxy: false,
      logLevel: 'info',
    });
    const fifteenMinutes = 15 * 60_000;
    const hour = 60 * 60_000;
    expect(c.login).toEqual({
      perAccountAddress: { max: 10, windowMs: fifteenMinutes },
      perAddress: { max: 300, windowMs: fifteenMinutes },
      perAccount: { max: 50, windowMs: fifteenMinutes },
    });
    expect(c.rateLimits).toEqual({
      registerPerAddress: { max: 500, windowMs: hour },
      registerBurst: { max: 30, windowMs: 60_000 },
      resetPerAccount: { max: 5, windowMs: hour },
      resetPerAddress: { max: 100, windowMs: hour },
      draftPerUser: { max: 10, windowMs: 60_000 },
      uploadsPerUser: { max: 60, windowMs: hour },
      createPerUser: { max: 30, windowMs: hour },
      calendarPerFeed: { max: 60, windowMs: hour },
    });
    expect(c.appSecret).toBeUndefined();
    expect(c.uploadQuotaBytes).toBe(1024 * 1024 * 1024);
    expect(c.streams).toEqual({ perUser: 5, perInstance: 10_000 });
    expect(c.textgen).toEqual({ provider: undefined, baseUrl: undefined, model: undefined, apiKey: undefined, timeoutMs: 15_000 });
    expect(c.now()).toBeInstanceOf(Date);
    expect(c.digestHour).toBe(7);
    expect(c.mailSecret).toBeUndefined();
    expect(c.webDist.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('reads overrides, including the rate limits', () => {
    const c = loadConfig({ PORT: '9000', RATE_LIMIT_LOGIN_PER_ACCOUNT: '100000', UPLOAD_QUOTA_MB: '10', STREAMS_PER_USER: '2', TRUST_PROXY: 'true', STAFF_SIGNUP_CODE: 'x', EXAM_OFFICE_REGISTRATION_ID: '123456789' });
    expect(c.port).toBe(9000);
    expect(c.login.perAccount.max).toBe(100000);
    expect(c.uploadQuotaBytes).toBe(10 * 1024 * 1024);
    expect(c.streams.perUser).toBe(2);
    expect(c.trustProxy).toBe(true);
    expect(c.staffSignupCode).toBe('x');
    expect(c.examOffice.registrationId).toBe(123456789);
    expect(loadConfig({ MAIL_DIGEST_HOUR: '0' }).digestHour).toBe(0);
    expect(loadConfig({ DOCUMENT_KEYS_REVOKED: ' abc, ,def ' })).toMatchObject({ documentKeyDays: 180, documentKeysRevoked: ['abc', 'def'] });
    expect(loadConfig({ MAIL_DIGEST_HOUR: '18', MAIL_SECRET: 'k'.repeat(32) })).toMatchObject({ digestHour: 18, mailSecret: 'k'.repeat(32) });
  });

  it('reads the campus name and exam centre, trimmed; blank means the default', () => {
    expect(loadConfig({ CAMPUS_NAME: '  Veermata Jijabai Technological Institute ', EXAM_CENTRE: 'Main Building, Hall 2' })).toMatchObject({
      campusName: 'Veermata Jijabai Technological Institute',
      examCentre: 'Main Building, Hall 2',
    });
    expect(loadConfig({ CAMPUS_NAME: '   ', EXAM_CENTRE: '' })).toMatchObject({ campusName: 'Campus Portal', examCentre: undefined });
  });

  it('reads whom to ask about an account, trimmed; unset or blank names no one', () => {
    expect(loadConfig({ SUPPORT_CONTACT: ' helpdesk@campus.example ' })).toMatchObject({ supportContact: 'helpdesk@campus.example' });
    expect(loadConfig({ SUPPORT_CONTACT: '  ' })).toMatchObject({ supportContact: undefined });
    expect(loadConfig({})).toMatchObject({ supportContact: undefined });
  });

  it('reads an OpenAI-compatible text generator (the key is optional, a trailing slash dropped)', () => {
    const c = loadConfig({ TEXTGEN_PROVIDER: 'openai', TEXTGEN_BASE_URL: 'http://127.0.0.1:11434/v1/', TEXTGEN_MODEL: 'llama3' });
    expect(c.textgen).toEqual({ provider: 'openai', baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3', apiKey: undefined, timeoutMs: 15_000 });
    expect(loadConfig({ TEXTGEN_PROVIDER: '' }).textgen.provider).toBeUndefined();
  });

  it('gives Gemini its public endpoint and a default model unless told otherwise', () => {
    expect(loadConfig({ TEXTGEN_PROVIDER: 'gemini', TEXTGEN_API_KEY: 'k' }).textgen).toMatchObject({
      provider: 'gemini',
      baseUrl: 'https://generativelanguage.googleapis.com',
      model: 'gemini-2.0-flash',
      apiKey: 'k',
    });
    expect(loadConfig({ TEXTGEN_PROVIDER: 'gemini', TEXTGEN_API_KEY: 'k', TEXTGEN_BASE_URL: 'http://127.0.0.1:9999', TEXTGEN_MODEL: 'g' }).textgen).toMatchObject({
      baseUrl: 'http://127.0.0.1:9999',
      model: 'g',
    });
  });

  it('reads an S3 bucket: the region defaults to us-east-1, the endpoint only when given', () => {
    expect(loadConfig({ STORAGE: 's3', S3_BUCKET: 'campus-files' }).storage).toEqual({ kind: 's3', bucket: 'campus-files', region: 'us-east-1' });
    expect(loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_REGION: 'ap-south-1', S3_ENDPOINT: 'http://127.0.0.1:9000' }).storage).toEqual({
      kind: 's3',
      bucket: 'b',
      region: 'ap-south-1',
      endpoint: 'http://127.0.0.1:9000',
    });
    // The S3 settings mean nothing to the local store.
    expect(loadConfig({ S3_BUCKET: 'b' }).storage).toEqual({ kind: 'local' });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ CAMPUS_TZ: 'Mars/Olympus' }, 'CAMPUS_TZ'],
    [{ STORAGE: 's3' }, 'S3_BUCKET: required when STORAGE=s3'],
    [{ STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: '127.0.0.1:9000' }, 'S3_ENDPOINT: must be an http(s) URL'],
    [{ STORAGE: 'ftp' }, 'STORAGE'],
    [{ SESSION_IDLE_MINUTES: '-5' }, 'SESSION_IDLE_MINUTES'],
    [{ TEXTGEN_PROVIDER: 'magic' }, 'TEXTGEN_PROVIDER'],
    [{ TEXTGEN_PROVIDER: 'openai', TEXTGEN_MODEL: 'm' }, 'TEXTGEN_BASE_URL: required when TEXTGEN_PROVIDER=openai'],
    [{ TEXTGEN_PROVIDER: 'openai', TEXTGEN_BASE_URL: 'https://api.openai.com/v1' }, 'TEXTGEN_MODEL: required when TEXTGEN_PROVIDER=openai'],
    [{ TEXTGEN_PROVIDER: 'openai', TEXTGEN_BASE_URL: 'api.openai.com', TEXTGEN_MODEL: 'm' }, 'TEXTGEN_BASE_URL: must be an http(s) URL'],
    [{ TEXTGEN_PROVIDER: 'gemini' }, 'TEXTGEN_API_KEY: required when TEXTGEN_PROVIDER=gemini'],
    [{ RATE_LIMIT_DRAFT_PER_USER: '0' }, 'RATE_LIMIT_DRAFT_PER_USER'],
    [{ UPLOAD_QUOTA_MB: '1.5' }, 'UPLOAD_QUOTA_MB'],
    [{ STREAMS_PER_USER: 'many' }, 'STREAMS_PER_USER'],
    [{ SMTP_URL: 'smtp://mail.example.edu', MAIL_FROM: 'portal@example.edu', PUBLIC_ORIGIN: 'https://portal.example.edu' }, 'MAIL_SECRET: required when mail is on'],
    [{ MAIL_SECRET: 'short' }, 'MAIL_SECRET: must be at least 32 characters'],
    [{ DOCUMENT_KEY_DAYS: '7' }, 'DOCUMENT_KEY_DAYS must be at least 14 (days)'],
    [{ DOCUMENT_KEY_DAYS: 'soon' }, 'DOCUMENT_KEY_DAYS must be a positive whole number'],
    [{ MAIL_DIGEST_HOUR: '24' }, 'MAIL_DIGEST_HOUR must be an hour from 0 to 23'],
    [{ MAIL_DIGEST_HOUR: '7.5' }, 'MAIL_DIGEST_HOUR must be an hour from 0 to 23'],
    [{ APP_SECRET: 'too short' }, 'APP_SECRET: must be at least 32 characters'],
    [{ RATE_LIMIT_CALENDAR_PER_FEED: '0' }, 'RATE_LIMIT_CALENDAR_PER_FEED'],
    [{ CAMPUS_NAME: 'Campus\nPortal' }, 'CAMPUS_NAME must be a single line of text'],
    [{ CAMPUS_NAME: 'Campus\tPortal' }, 'CAMPUS_NAME must be a single line of text'],
    [{ CAMPUS_NAME: 'C'.repeat(121) }, 'CAMPUS_NAME must be at most 120 characters'],
    [{ EXAM_CENTRE: 'Hall 2\r\nBlock B' }, 'EXAM_CENTRE must be a single line of text'],
    [{ SUPPORT_CONTACT: 'helpdesk@campus.example\nor call' }, 'SUPPORT_CONTACT must be a single line of text'],
  ])('fails fast on %o naming the variable', (env, expected) => {
    expect(() => loadConfig(env)).toThrow(expected);
  });
});

/** The variables a start-up refused `env` for, in the order it named them. */
function refusedVariables(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems.map((p) => p.variable);
    throw err;
  }
  throw new Error('the configuration was accepted');
}

describe('loadConfig reports every problem at once', () => {
  it('names the problems of several concerns in one error, malformed values and missing companions alike', () => {
    const env = { PORT: 'eighty', STORAGE: 's3', CAMPUS_NAME: 'Campus\nPortal', RATE_LIMIT_DRAFT_PER_USER: '0', APP_SECRET: 'too short', TEXTGEN_PROVIDER: 'gemini', MAIL_DIGEST_HOUR: '25' };
    expect(refusedVariables(env)).toEqual(['PORT', 'S3_BUCKET', 'CAMPUS_NAME', 'RATE_LIMIT_DRAFT_PER_USER', 'APP_SECRET', 'TEXTGEN_API_KEY', 'MAIL_DIGEST_HOUR']);
    expect(() => loadConfig(env)).toThrow(
      [
        'invalid configuration:',
        '  PORT: PORT must be a positive whole number',
        '  S3_BUCKET: required when STORAGE=s3 (the bucket that keeps uploaded files)',
        '  CAMPUS_NAME: CAMPUS_NAME must be a single line of text (no line breaks or control characters)',
        '  RATE_LIMIT_DRAFT_PER_USER: RATE_LIMIT_DRAFT_PER_USER must be a positive whole number',
        '  APP_SECRET: must be at least 32 characters (e.g. the output of `openssl rand -base64 48`)',
        '  TEXTGEN_API_KEY: required when TEXTGEN_PROVIDER=gemini',
        '  MAIL_DIGEST_HOUR: MAIL_DIGEST_HOUR must be an hour from 0 to 23',
      ].join('\n'),
    );
  });

  it('reports a malformed variable together with a rule of its own concern', () => {
    expect(refusedVariables({ STORAGE: 's3', S3_ENDPOINT: '127.0.0.1:9000' })).toEqual(['S3_ENDPOINT', 'S3_BUCKET']);
    expect(refusedVariables({ TEXTGEN_PROVIDER: 'openai', TEXTGEN_BASE_URL: 'api.openai.com' })).toEqual(['TEXTGEN_BASE_URL', 'TEXTGEN_MODEL']);
  });

  it('judges no rule by a value it could not read: a malformed choice is the one problem', () => {
    expect(refusedVariables({ STORAGE: 'ftp' })).toEqual(['STORAGE']);
    expect(refusedVariables({ TEXTGEN_PROVIDER: 'magic' })).toEqual(['TEXTGEN_PROVIDER']);
  });
});

describe('mail settings hold together', () => {
  const mailOn = { SMTP_URL: 'smtp://mail.example.edu', MAIL_FROM: 'portal@example.edu', PUBLIC_ORIGIN: 'https://portal.example.edu', MAIL_SECRET: 's'.repeat(32) };

  it('turns mail on with all four, its links on the public origin', () => {
    expect(loadConfig(mailOn).mail).toMatchObject({ smtpUrl: 'smtp://mail.example.edu', from: 'portal@example.edu', linkOrigin: 'https://portal.example.edu' });
  });

  it('asks SMTP_URL for MAIL_FROM, PUBLIC_ORIGIN and MAIL_SECRET, all in one report', () => {
    expect(refusedVariables({ SMTP_URL: mailOn.SMTP_URL })).toEqual(['MAIL_FROM', 'PUBLIC_ORIGIN', 'MAIL_SECRET']);
    // A malformed SMTP_URL is still set: its companions are asked for in the same report.
    expect(refusedVariables({ SMTP_URL: 'mail.example.edu:587' })).toEqual(['SMTP_URL', 'MAIL_FROM', 'PUBLIC_ORIGIN', 'MAIL_SECRET']);
    for (const missing of ['MAIL_FROM', 'PUBLIC_ORIGIN', 'MAIL_SECRET'] as const) {
      expect(refusedVariables({ ...mailOn, [missing]: '' })).toEqual([missing]);
    }
  });

  it('asks MAIL_FROM for SMTP_URL and PUBLIC_ORIGIN', () => {
    expect(refusedVariables({ MAIL_FROM: mailOn.MAIL_FROM })).toEqual(['SMTP_URL', 'PUBLIC_ORIGIN']);
  });
});
