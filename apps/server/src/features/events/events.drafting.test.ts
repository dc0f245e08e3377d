import { paths } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-app';
import { buildStudent, type TestUser } from '../../../test/factories';
import { FAKE_KEY, FAKE_MODEL, fakeDraft, startFakeTextgen, type FakeTextgen } from '../../../test/fake-textgen';
import { fitDescription } from './events.drafting';

/** POST /events/draft-description against a fake provider on 127.0.0.1 speaking both wire formats. */
let fake: FakeTextgen;
beforeAll(async () => {
  // The slow behaviour answers after 3 s; apps built to test timeouts give up after 300 ms.
  fake = await startFakeTextgen({ slowMs: 3_000 });
});
afterAll(async () => {
  await fake.close();
});
const ctx = useTestApp(() => ({ textgen: fake.openai() }));

beforeEach(() => {
  fake.requests.length = 0;
  fake.behave('ok');
});

const draft = (who: TestUser | undefined, title: unknown, app: FastifyInstance = ctx.app) =>
  app.inject({ method: 'POST', url: paths.events.draftDescription, headers: who ? { cookie: who.cookie } : {}, payload: { title } });

const TITLE = 'Robotics "Night" 2026';

describe('drafting with an OpenAI-compatible provider', () => {
  it('asks the chat completions endpoint with the key, the model and the title, and answers {description}', async () => {
    const me = await buildStudent(ctx.app);
    const res = await draft(me, '  Robotics Night  ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ statusCode: 200, success: true, data: { description: fakeDraft('"Robotics Night"') } });
    expect(Object.keys(res.json().data)).toEqual(['description']);
    expect(res.json().data.description.split('\n')).toHaveLength(4);

    expect(fake.requests).toHaveLength(1);
    const [req] = fake.requests;
    expect(req).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
    expect(req!.headers.authorization).toBe(`Bearer ${FAKE_KEY}`);
    expect(req!.headers['content-type']).toBe('application/json');
    const body = req!.body as { model: string; max_tokens: number; messages: { role: string; content: string }[] };
    expect(body.model).toBe(FAKE_MODEL);
    expect(body.max_tokens).toBeGreaterThan(0);
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(body.messages[1]!.content).toContain('"Robotics Night"');
    expect(body.messages[1]!.content).toMatch(/four lines/);
    // The key never reaches the browser.
    expect(res.body).not.toContain(FAKE_KEY);
  });

  it('sends no Authorization header when no key is configured', async () => {
    const app = await ctx.extraApp({ textgen: fake.openai({ apiKey: undefined }) });
    const res = await draft(await buildStudent(ctx.app), TITLE, app);
    expect(res.statusCode).toBe(200);
    expect(fake.requests[0]!.headers).not.toHaveProperty('authorization');
  });
});

describe('drafting with Gemini', () => {
  it('asks generateContent with the key in x-goog-api-key (never the URL) and joins the parts of the first candidate', async () => {
    const app = await ctx.extraApp({ textgen: fake.gemini() });
    const res = await draft(await buildStudent(ctx.app), TITLE, app);
    expect(res.statusCode).toBe(200);
    // The fake quotes the first quoted text of the prompt: the title arrived as it was sent.
    expect(res.json().data.description.split('\n')).toHaveLength(4);
    expect(res.json().data.description).toMatch(/^Join us for Robotics /);
    const [req] = fake.requests;
    expect(req).toMatchObject({ method: 'POST', path: `/v1beta/models/${FAKE_MODEL}:generateContent` });
    expect(req!.path).not.toContain(FAKE_KEY);
    expect(req!.headers['x-goog-api-key']).toBe(FAKE_KEY);
    expect(req!.headers).not.toHaveProperty('authorization');
    const body = req!.body as { contents: { parts: { text: string }[] }[] };
    expect(body.contents[0]!.parts[0]!.text).toContain(TITLE);
    expect(body.contents[0]!.parts[0]!.text).toMatch(/four lines/);
    expect(res.body).not.toContain(FAKE_KEY);
  });
});

describe('when the provider fails', () => {
  const providers = { openai: () => fake.openai({ timeoutMs: 300 }), gemini: () => fake.gemini({ timeoutMs: 300 }) } as const;

  for (const [name, settings] of Object.entries(providers)) {
    it(`${name}: a provider slower than the timeout is a 502, answered when the timeout ends`, async () => {
      const app = await ctx.extraApp({ textgen: settings() });
      fake.behave('slow');
      const started = Date.now();
      const res = await draft(await buildStudent(ctx.app), TITLE, app);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ statusCode: 502, success: false, code: 'drafting_timed_out', errors: ['the text generator did not answer in time; try again or write your own description'] });
      expect(Date.now() - started).toBeLessThan(2_000);
    });

    it.each(['fail', 'not-json', 'wrong-shape', 'empty'] as const)(`${name}: a provider answering %s is a 502 with a clear message`, async (behaviour) => {
      const app = await ctx.extraApp({ textgen: settings() });
      fake.behave(behaviour);
      const res = await draft(await buildStudent(ctx.app), TITLE, app);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ statusCode: 502, success: false, code: 'drafting_failed', errors: ['the text generator could not draft a description; try again or write your own'] });
      expect(fake.requests).toHaveLength(1);
    });
  }

  it('a provider nobody answers at is a 502', async () => {
    const gone = await startFakeTextgen();
    const settings = gone.openai();
    await gone.close();
    const app = await ctx.extraApp({ textgen: settings });
    const res = await draft(await buildStudent(ctx.app), TITLE, app);
    expect(res.statusCode).toBe(502);
    expect(res.json().success).toBe(false);
  });
});

describe('the answer', () => {
  it('is trimmed and cut to what a description may hold (5000 characters)', async () => {
    fake.behave('long');
    const res = await draft(await buildStudent(ctx.app), TITLE);
    expect(res.statusCode).toBe(200);
    const { description } = res.json().data as { description: string };
    expect(description.length).toBeLessThanOrEqual(5000);
    expect(description.startsWith('word')).toBe(true);
    expect(description).toBe(description.trim());
  });

  it('never ends in half a character', () => {
    expect(fitDescription(`  ${'a'.repeat(4999)}😀 `)).toBe('a'.repeat(4999));
    expect(fitDescription(' four\nlines \n')).toBe('four\nlines');
  });
});

describe('refusals', () => {
  it('is 503 with a clear message when no provider is configured', async () => {
    const app = await ctx.extraApp({ textgen: { timeoutMs: 300 } });
    const res = await draft(await buildStudent(ctx.app), TITLE, app);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ statusCode: 503, success: false, code: 'drafting_off', errors: ['description drafting is not configured on this server'] });
    expect((await app.inject({ method: 'GET', url: paths.config })).json().data.draftingEnabled).toBe(false);
    expect((await ctx.app.inject({ method: 'GET', url: paths.config })).json().data.draftingEnabled).toBe(true);
    expect(fake.requests).toHaveLength(0);
  });

  it('is rate limited per user (429 with Retry-After); another user still drafts', async () => {
    const app = await ctx.extraApp({ rateLimits: { ...ctx.config.rateLimits, draftPerUser: { max: 2, windowMs: 60_000 } } });
    const me = await buildStudent(ctx.app);
    expect((await draft(me, TITLE, app)).statusCode).toBe(200);
    expect((await draft(me, TITLE, app)).statusCode).toBe(200);
    const limited = await draft(me, TITLE, app);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ statusCode: 429, success: false, code: 'rate_limited', params: { limit: 'drafts' } });
    expect(limited.json().errors[0]).toMatch(/try again in \d+ seconds/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(fake.requests).toHaveLength(2);
    expect((await draft(await buildStudent(ctx.app), TITLE, app)).statusCode).toBe(200);
  });

  it('is 400 naming the title when it is missing, blank, too long or not text; 401 logged out', async () => {
    const me = await buildStudent(ctx.app);
    for (const [title, message] of [
      [undefined, 'Title is required'],
      ['   ', 'Title is required'],
      ['x'.repeat(201), 'Title must be at most 200 characters'],
      [42, 'Title is required'],
    ] as const) {
      const res = await draft(me, title);
      expect(res.statusCode, String(title)).toBe(400);
      expect(res.json().errors[0]).toBe(message);
    }
    expect((await draft(undefined, TITLE)).statusCode).toBe(401);
    expect(fake.requests).toHaveLength(0);
  });
});
