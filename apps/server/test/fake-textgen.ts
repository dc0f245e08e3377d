import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../src/platform/config/config';

/**
 * A stand-in text generator on 127.0.0.1 (a random port) that speaks both wire formats the
 * portal uses: OpenAI-compatible chat completions (POST /v1/chat/completions) and Gemini
 * (POST /v1beta/models/<model>:generateContent). It records every request and can be told to
 * misbehave, so the tests (and, by the same idea, e2e) drive the real provider code end to end.
 */

export type FakeBehaviour =
  /** Four lines that quote the title found in the prompt. */
  | 'ok'
  /** Answers only after `slowMs` (longer than the portal's timeout in the tests). */
  | 'slow'
  /** 500 with an error body. */
  | 'fail'
  /** 200 with a body that is not JSON. */
  | 'not-json'
  /** 200 with JSON of the wrong shape (no text where the wire format has it). */
  | 'wrong-shape'
  /** 200 with only whitespace as the text. */
  | 'empty'
  /** 200 with a text longer than a description may be (and padded with spaces). */
  | 'long';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface FakeTextgen {
  /** http://127.0.0.1:<port> */
  url: string;
  requests: RecordedRequest[];
  behave(behaviour: FakeBehaviour): void;
  /** The portal's textgen settings pointing at this fake, in either wire format. */
  openai(overrides?: Partial<Config['textgen']>): Config['textgen'];
  gemini(overrides?: Partial<Config['textgen']>): Config['textgen'];
  close(): Promise<void>;
}

export const FAKE_KEY = 'fake-textgen-secret-key';
export const FAKE_MODEL = 'fake-model-1';
const GEMINI_PATH = /^\/v1beta\/models\/([^/:]+):generateContent$/;

/** The text the fake drafts for a prompt: four lines naming the quoted title. */
export function fakeDraft(prompt: string): string {
  const title = /"([^"]+)"/.exec(prompt)?.[1] ?? 'the event';
  return [`Join us for ${title}.`, 'An evening of ideas, people and good company on campus.', 'Everyone is welcome; bring a friend.', 'See you there!'].join('\n');
}

export async function startFakeTextgen(options: { slowMs?: number } = {}): Promise<FakeTextgen> {
  const slowMs = options.slowMs ?? 2_000;
  let behaviour: FakeBehaviour = 'ok';
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // recorded as text
      }
      const path = req.url ?? '';
      requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
      };

      const gemini = GEMINI_PATH.test(path);
      if (req.method !== 'POST' || (!gemini && path !== '/v1/chat/completions')) return send(404, { error: { message: 'not found' } });
      const prompt = gemini
        ? ((body as { contents?: { parts?: { text?: string }[] }[] }).contents?.[0]?.parts ?? []).map((p) => p.text ?? '').join('')
        : ((body as { messages?: { role: string; content: string }[] }).messages ?? []).filter((m) => m.role === 'user').map((m) => m.content).join(' ');
      const answer = (text: unknown) =>
        gemini ? { candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP' }] } : { id: 'fake', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }] };

      switch (behaviour) {
        case 'ok':
          return send(200, answer(fakeDraft(prompt)));
        case 'slow': {
          const timer = setTimeout(() => {
            timers.delete(timer);
            if (!res.destroyed) send(200, answer(fakeDraft(prompt)));
          }, slowMs);
          timers.add(timer);
          return;
        }
        case 'fail':
          return send(500, { error: { message: 'the model is overloaded' } });
        case 'not-json':
          return send(200, '<html>gateway hiccup</html>');
        case 'wrong-shape':
          return send(200, gemini ? { promptFeedback: { blockReason: 'OTHER' } } : { choices: [] });
        case 'empty':
          return send(200, answer('   \n  '));
        case 'long':
          return send(200, answer(`  ${'word '.repeat(2_000)}`));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    behave: (b) => {
      behaviour = b;
    },
    openai: (o = {}) => ({ provider: 'openai', baseUrl: `${url}/v1`, model: FAKE_MODEL, apiKey: FAKE_KEY, timeoutMs: 5_000, ...o }),
    gemini: (o = {}) => ({ provider: 'gemini', baseUrl: url, model: FAKE_MODEL, apiKey: FAKE_KEY, timeoutMs: 5_000, ...o }),
    close: async () => {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
