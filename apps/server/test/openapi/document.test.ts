import SwaggerParser from '@apidevtools/swagger-parser';
import { REFUSAL_CATALOGUE, isRefusalCode } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../build-app';

const ctx = useTestApp();

type Operation = {
  operationId?: string;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }>;
};

/** Every operation of the document, as "METHOD path" and its object. */
function operations(doc: { paths: Record<string, Record<string, Operation>> }): [string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'patch', 'put', 'delete'].includes(method))
      .map(([method, op]): [string, Operation] => [`${method.toUpperCase()} ${path}`, op]),
  );
}

const schemaOf = (op: Operation, status: string, type: string) => op.responses[status]?.content?.[type]?.schema;

describe('the OpenAPI document at /api/docs/json', () => {
  it('is a valid OpenAPI 3 document (swagger-parser)', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    // validate() dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
    expect(doc.openapi).toMatch(/^3\./);
  });

  it('gives every operation a success answer with its schema, and every refusal the error envelope', async () => {
    // Named schemas ($ref) resolved, so each answer can be read where it is used.
    const doc = (await SwaggerParser.dereference((await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json())) as unknown as Parameters<typeof operations>[0];
    const ops = operations(doc);
    // Every API route is in the document (the docs' own routes aside).
    const documented = new Set(ops.map(([name]) => name));
    const routes = ctx.routes
      .filter((r) => /^\/(api\/v1|files|calendar)\//.test(r.url))
      .flatMap((r) => [r.method].flat().map((m) => `${m} ${r.url.replace(/:(\w+)/g, '{$1}')}`));
    expect(routes.filter((r) => !documented.has(r))).toEqual([]);
    const lacking: string[] = [];
    for (const [name, op] of ops) {
      // A 2xx, or the 302/303 that sends the browser on: to a web page (an email's unsubscribe
      // link), to a sign-in provider and back.
      const success = Object.keys(op.responses).filter((s) => /^(2\d\d|30[23])$/.test(s));
      if (success.length !== 1) {
        lacking.push(`${name}: ${success.length} success answers`);
        continue;
      }
      const [status] = success as [string];
      const content = op.responses[status]?.content ?? {};
      const json = schemaOf(op, status, 'application/json');
      if (json) {
        // The envelope: data is described, not left open.
        if (!json.properties?.data) lacking.push(`${name}: the success answer does not describe data`);
      } else if (Object.values(content).every((c) => !c.schema)) {
        lacking.push(`${name}: no success response schema`);
      }
      for (const refusal of Object.keys(op.responses).filter((s) => /^4\d\d$/.test(s))) {
        const schema = schemaOf(op, refusal, 'application/json');
        if (!schema?.properties?.errors) lacking.push(`${name}: ${refusal} is not the error envelope`);
      }
    }
    expect(lacking).toEqual([]);
  });

  it('lists, for each refusal of each operation, the codes it answers: catalogue codes of that status', async () => {
    const doc = (await SwaggerParser.dereference((await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json())) as unknown as Parameters<typeof operations>[0];
    const wrong: string[] = [];
    for (const [name, op] of operations(doc)) {
      const refusals = Object.keys(op.responses).filter((s) => /^[45]\d\d$/.test(s));
      if (refusals.length === 0) wrong.push(`${name}: no refusals`);
      for (const status of refusals) {
        const code = schemaOf(op, status, 'application/json')?.properties?.code as { enum?: string[] } | undefined;
        if (!code?.enum?.length) {
          wrong.push(`${name}: ${status} lists no codes`);
          continue;
        }
        for (const c of code.enum) {
          // A switched-off account's session ends with a 401 of its login refusal's code (app-error.ts, sessionGone).
          const fits = isRefusalCode(c) && (REFUSAL_CATALOGUE[c].status === Number(status) || (c === 'account_deactivated' && status === '401'));
          if (!fits) wrong.push(`${name}: ${status} lists ${c}`);
        }
      }
      // Every route may meet a Host header that is no host, or a database that is down.
      const all = refusals.flatMap((s) => (schemaOf(op, s, 'application/json')?.properties?.code as { enum?: string[] } | undefined)?.enum ?? []);
      for (const c of ['bad_host', 'database_unavailable']) if (!all.includes(c)) wrong.push(`${name}: does not list ${c}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lists the codes a route declares beside those of its kind: the login, its subject', async () => {
    const doc = (await SwaggerParser.dereference((await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json())) as unknown as Parameters<typeof operations>[0];
    const codesOf = (name: string) => {
      const op = operations(doc).find(([n]) => n === name)![1];
      return Object.keys(op.responses).flatMap((s) => (schemaOf(op, s, 'application/json')?.properties?.code as { enum?: string[] } | undefined)?.enum ?? []);
    };
    expect(codesOf('POST /api/v1/users/login')).toEqual(expect.arrayContaining(['invalid_login', 'account_deactivated', 'rate_limited', 'semester_out_of_range', 'cross_origin']));
    expect(codesOf('GET /api/v1/admin/users/{userId}')).toEqual(expect.arrayContaining(['user_not_found', 'login_required', 'session_ended', 'not_allowed']));
    expect(codesOf('GET /api/v1/admin/users/{userId}')).not.toContain('cross_origin');
  });

  it('documents each upload as a multipart body with its file and limits', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const uploads = operations(doc).filter(([, op]) => op.requestBody?.content['multipart/form-data']);
    expect(uploads.map(([name]) => name).sort()).toEqual(
      [
        'POST /api/v1/users/register',
        'PATCH /api/v1/users/avatar',
        'POST /api/v1/courses/create-course',
        'PATCH /api/v1/courses/updatecoursethumbnail/{courseId}',
        'PATCH /api/v1/events/update-event/{eventId}',
        'POST /api/v1/notes/create-notes/{courseId}',
        'POST /api/v1/events/create-event',
        'POST /api/v1/marksheets/createmarksheet/{applicantId}',
        'POST /api/v1/admin/imports',
        'POST /api/v1/coursework/course/{courseId}',
        'POST /api/v1/coursework/{assignmentId}/submission',
      ].sort(),
    );
    for (const [name, op] of uploads) {
      const schema = op.requestBody!.content['multipart/form-data']!.schema as { properties: Record<string, { format?: string; description?: string }> };
      const files = Object.entries(schema.properties).filter(([, p]) => p.format === 'binary');
      expect(files, name).toHaveLength(1);
      expect(files[0]![1].description, name).toMatch(/at most \d+ MB/);
    }
  });
});
