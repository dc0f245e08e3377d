import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, server } from '../test/server';
import { api } from '@campus/contract/api';
import { ApiError, NETWORK_ERROR, call, request, setUnauthorizedHandler, upload } from './api';

afterEach(() => setUnauthorizedHandler(() => {}));

describe('request', () => {
  it('unwraps the success envelope into data and message', async () => {
    server.use(http.get('/api/v1/thing', () => ok({ a: 1 }, 'fine')));
    await expect(request('/api/v1/thing')).resolves.toEqual({ data: { a: 1 }, message: 'fine' });
  });

  it('sends a plain object as JSON, with the session cookie policy of the same origin', async () => {
    let seen: { type: string | null; body: unknown; credentials: string } | undefined;
    server.use(
      http.post('/api/v1/thing', async ({ request: r }) => {
        seen = { type: r.headers.get('content-type'), body: await r.json(), credentials: r.credentials };
        return ok({});
      }),
    );
    await request('/api/v1/thing', { method: 'POST', body: { b: 2 } });
    expect(seen).toEqual({ type: 'application/json', body: { b: 2 }, credentials: 'same-origin' });
  });

  it('sends FormData as multipart, leaving the boundary to the browser', async () => {
    let type: string | null = null;
    server.use(
      http.post('/api/v1/thing', ({ request: r }) => {
        type = r.headers.get('content-type');
        return ok({});
      }),
    );
    const form = new FormData();
    form.append('x', '1');
    await request('/api/v1/thing', { method: 'POST', body: form });
    expect(type).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('throws an ApiError with the refusal: its code, field and params, and errors[0] as its message', async () => {
    server.use(http.post('/api/v1/thing', () => fail('too_many_characters', { field: 'title', params: { max: 80 } })));
    const err = await request('/api/v1/thing', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, code: 'too_many_characters', field: 'title', params: { max: 80 }, message: 'Title must be at most 80 characters', errors: ['Title must be at most 80 characters'] });
  });

  it('a 401 tells the auth layer the session is gone, unless the call expects one', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    server.use(http.get('/api/v1/thing', () => fail('login_required')));
    await expect(request('/api/v1/thing')).rejects.toThrow('you must be logged in');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await expect(request('/api/v1/thing', { quiet401: true })).rejects.toThrow();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('other refusals do not touch the session', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    server.use(http.get('/api/v1/thing', () => fail('not_allowed')));
    await expect(request('/api/v1/thing')).rejects.toMatchObject({ status: 403 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('a network failure becomes an ApiError with status 0 and a friendly message', async () => {
    server.use(http.get('/api/v1/thing', () => HttpResponse.error()));
    await expect(request('/api/v1/thing')).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR });
  });

  it('an answer that is not an envelope (a proxy error page) is still an ApiError', async () => {
    server.use(http.get('/api/v1/thing', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
    await expect(request('/api/v1/thing')).rejects.toMatchObject({ status: 502, message: 'Request failed (502)', code: undefined, params: {} });
  });
});

describe('upload', () => {
  const form = () => {
    const f = new FormData();
    f.append('avatar', new File(['abc'], 'a.png', { type: 'image/png' }));
    return f;
  };

  it('reports progress up to 100 and unwraps the envelope', async () => {
    let received: FormDataEntryValue | null = null;
    server.use(
      http.patch('/api/v1/up', async ({ request: r }) => {
        received = (await r.formData()).get('avatar');
        return ok({ user: { fullname: 'A' } }, 'avatar updated');
      }),
    );
    const seen: number[] = [];
    const result = await upload('/api/v1/up', form(), { method: 'PATCH', onProgress: (p) => seen.push(p) });
    expect(result).toEqual({ data: { user: { fullname: 'A' } }, message: 'avatar updated' });
    expect(received).toBeInstanceOf(File);
    expect(seen.at(-1)).toBe(100);
    expect(seen.every((p) => p >= 0 && p <= 100)).toBe(true);
  });

  it('refusals are ApiErrors with errors[0], and a 401 ends the session', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    server.use(http.post('/api/v1/up', () => fail('file_wrong_type', { field: 'avatar', params: { types: ['png', 'jpeg'], noun: 'image' } })));
    await expect(upload('/api/v1/up', form())).rejects.toMatchObject({ status: 415, code: 'file_wrong_type', field: 'avatar', message: 'Avatar must be a png or jpeg image' });
    server.use(http.post('/api/v1/up', () => fail('login_required')));
    await expect(upload('/api/v1/up', form())).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('a network failure is an ApiError with status 0', async () => {
    server.use(http.post('/api/v1/up', () => HttpResponse.error()));
    await expect(upload('/api/v1/up', form())).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR });
  });
});

describe('call', () => {
  it('fills the path from params, encoded, and sends the query without empty values', async () => {
    const seen: string[] = [];
    server.use(
      http.get('/api/v1/courses/searchbytitle', ({ request: r }) => {
        seen.push(new URL(r.url).search);
        return ok({ listofcourses: [] });
      }),
      http.get('/api/v1/courses/getcourse/:courseId', ({ params }) => {
        seen.push(String(params.courseId));
        return ok({ course: null, owner: 'A' });
      }),
    );
    await call(api.courses.byTitle, { query: { title: '', semester: 3, branch: 'All', limit: 24, cursor: undefined } });
    await call(api.courses.get, { params: { courseId: 'a/b c' } });
    expect(seen).toEqual(['?semester=3&branch=All&limit=24', 'a/b c']);
  });

  it("sends the endpoint's method and a JSON body", async () => {
    let seen: { method: string; body: unknown } | undefined;
    server.use(
      http.patch('/api/v1/users/update-account', async ({ request: r }) => {
        seen = { method: r.method, body: await r.json() };
        return ok({ user: { fullname: 'B' } });
      }),
    );
    const body = { email: 'b@example.edu', fullname: 'B', branch: 'Civil Engineering', semester: 2 } as const;
    await call(api.users.updateAccount, { body });
    expect(seen).toEqual({ method: 'PATCH', body });
  });

  it('sends a form as multipart, reporting progress when asked', async () => {
    let received: FormDataEntryValue | null = null;
    server.use(
      http.post('/api/v1/notes/create-notes/:courseId', async ({ request: r }) => {
        received = (await r.formData()).get('notesfile');
        return ok({ notes: { filename: 'Week 1' } }, 'notes added successfully', 201);
      }),
    );
    const form = new FormData();
    form.append('notesfile', new File(['abc'], 'a.txt', { type: 'text/plain' }));
    const seen: number[] = [];
    const result = await call(api.notes.create, { params: { courseId: 'c1' }, form, onProgress: (p) => seen.push(p) });
    expect(result.message).toBe('notes added successfully');
    expect(received).toBeInstanceOf(File);
    expect(seen.at(-1)).toBe(100);
  });
});
