import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const DOCS_PREFIX = '/api/docs';

type Transform = typeof jsonSchemaTransform;

/**
 * A multipart route reads its parts itself (the file streams to the store), so Fastify must not
 * validate a body; its fields and file are documented from `schema.multipart` instead.
 */
const withMultipartBody: Transform = (document) => {
  const schema = document.schema as (typeof document.schema & { multipart?: unknown }) | undefined;
  if (!schema?.multipart) return jsonSchemaTransform(document);
  const { multipart, ...rest } = schema;
  return jsonSchemaTransform({ ...document, schema: { ...rest, body: multipart } as typeof document.schema });
};

type TransformObject = typeof jsonSchemaTransformObject;

/**
 * The named schemas (`.meta({ id })` in the contract), without the `…Input` twins zod writes for
 * every name: the answers use them, requests never do, so they would only be noise to a client
 * generator.
 */
const namedSchemas: TransformObject = (document) => {
  const openapi = jsonSchemaTransformObject(document) as ReturnType<TransformObject> & { components?: { schemas?: Record<string, unknown> } };
  const schemas = openapi.components?.schemas;
  if (!schemas) return openapi;
  const text = JSON.stringify({ ...openapi, components: { ...openapi.components, schemas: {} } });
  for (const name of Object.keys(schemas)) {
    if (name.endsWith('Input') && !text.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  }
  return openapi;
};

/** OpenAPI generated from the contract's endpoints (their zod schemas), browsable at /api/docs. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Campus Portal API',
        version: '1',
        description: 'Every answer is an envelope: `{statusCode, data, message, success: true}`, or `{statusCode, data: null, message, errors, success: false}`. Log in with POST /users/login; the session travels in a cookie.',
      },
    },
    transform: withMultipartBody,
    transformObject: namedSchemas,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
}
