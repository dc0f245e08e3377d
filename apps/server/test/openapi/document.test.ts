import SwaggerParser from '@apidevtools/swagger-parser';
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
