import { register } from 'node:module';
import type { Span } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace';
import type { FastifyRequest } from 'fastify';

/** The semantic conventions' name (`ATTR_URL_PATH`), written out: the package is not loaded without tracing. */
const ATTR_URL_PATH = 'url.path';

/** What server.ts holds while tracing: flushed and stopped after the app closes. */
export interface Tracing {
  shutdown(): Promise<void>;
}

/** `url.path` of a request no route matched (its own path may be anything, a mistyped token too). */
export const NO_ROUTE = '(no route)';

/**
 * The request span's path as its route's pattern (`/calendar/:token.ics`, `/api/v1/users/:id`):
 * @fastify/otel records `request.url`, query string included, and a URL can be a credential (a
 * reset or confirmation link's `token`, an unsubscribe link's, an identity provider's `code`, a
 * calendar feed's path). The request log hides them by name (request-log.ts); a trace store is
 * kept longer and read by more people, so a trace carries no part of the URL as sent. A request
 * no route matched is marked as such, its path not kept either.
 */
function routePatternOnly(span: Span, request: FastifyRequest): void {
  span.setAttribute(ATTR_URL_PATH, request.routeOptions.url ?? NO_ROUTE);
}

/**
 * Traces of every request, with the database's and Redis's spans under it, sent to an
 * OpenTelemetry collector over OTLP/HTTP. Started by server.ts before the app is built, and only
 * when OTEL_EXPORTER_OTLP_ENDPOINT is set: nothing of OpenTelemetry is even loaded otherwise.
 *
 * The server is ESM, where monkey-patching by `require` hooks sees nothing: the
 * import-in-the-middle loader hook is registered first, and `pg` and `ioredis` are imported
 * (dynamically, by the database and the rate-limit store) only after it, so the instrumentations
 * wrap them. Fastify's own spans come from the official `@fastify/otel`, which attaches itself to
 * the app when Fastify is created (its `fastify.initialization` diagnostics channel). The embedded
 * PGlite runs in the process and has no instrumentation: with it, a trace has Fastify's spans only.
 */
export async function startTracing(options: { endpoint: string; serviceName: string; exporter?: SpanExporter }): Promise<Tracing> {
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const [api, sdk, { resourceFromAttributes }, { AsyncLocalStorageContextManager }, { W3CTraceContextPropagator }, { registerInstrumentations }, { PgInstrumentation }, { IORedisInstrumentation }, { default: FastifyOtelInstrumentation }, { OTLPTraceExporter }] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-trace'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/context-async-hooks'),
      import('@opentelemetry/core'),
      import('@opentelemetry/instrumentation'),
      import('@opentelemetry/instrumentation-pg'),
      import('@opentelemetry/instrumentation-ioredis'),
      import('@fastify/otel'),
      import('@opentelemetry/exporter-trace-otlp-http'),
    ]);
  const exporter = options.exporter ?? new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new sdk.TracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [new sdk.BatchSpanProcessor({ exporter })],
  });
  api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  api.propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  api.trace.setGlobalTracerProvider(provider);
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      // Only inside a request's trace: the mail worker's and sweeper's polling would be noise.
      // The statement's text (placeholders, `$1`), never its parameters: they hold token hashes,
      // password hashes, emails.
      new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
      // The command's name only: a counter's key names a registration id, an email or an address.
      new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
      new FastifyOtelInstrumentation({ registerOnInitialization: true, requestHook: routePatternOnly }),
    ],
  });
  return { shutdown: () => provider.shutdown() };
}
