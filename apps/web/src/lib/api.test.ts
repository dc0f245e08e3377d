import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request, setUnauthorizedHandler } from './api';

const reply = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(() => {});
});

describe('request', () => {
  it('unwraps the success envelope', async () => {
    vi.stubGlobal('fetch', reply(200, { statusCode: 200, data: { a: 1 }, message: 'fine', success: true }));
    await expect(request('/api/v1/x')).resolves.toEqual({ data: { a: 1 }, message: 'fine' });
  });

  it('sends JSON bodies with a content type', async () => {
    const f = reply(200, { statusCode: 200, data: {}, message: '', success: true });
    vi.stubGlobal('fetch', f);
    await request('/api/v1/x', { method: 'POST', body: { b: 2 } });
    const [, init] = f.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe('{"b":2}');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(init.credentials).toBe('same-origin');
  });

  it('throws errors[0] as the message', async () => {
    vi.stubGlobal('fetch', reply(409, { statusCode: 409, data: null, message: 'conflict', errors: ['email already registered', 'x'], success: false }));
    const err = await request('/api/v1/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('email already registered');
    expect((err as ApiError).status).toBe(409);
  });

  it('a 401 tells the auth layer, unless the call expects it', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    const body = { statusCode: 401, data: null, message: 'no', errors: ['you must be logged in'], success: false };
    vi.stubGlobal('fetch', reply(401, body));
    await expect(request('/api/v1/x')).rejects.toThrow('you must be logged in');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await expect(request('/api/v1/login', { quiet401: true })).rejects.toThrow();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('a network failure becomes a friendly error', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('failed'))));
    await expect(request('/api/v1/x')).rejects.toThrow(/Cannot reach the server/);
  });

  it('a non-JSON answer is still an ApiError', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>', { status: 502 })));
    await expect(request('/api/v1/x')).rejects.toThrow('Request failed (502)');
  });
});
