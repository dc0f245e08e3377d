import type { FastifyInstance, RouteOptions, onRequestAsyncHookHandler } from 'fastify';

/**
 * Adds `hook` as an onRequest hook of the routes `applies` picks, registered after this call:
 * a check that concerns a few routes (the uploads') costs the others nothing, not even the
 * promise of an async hook that returns at once. Route hooks run after the global ones (the
 * session is resolved by then).
 */
export function onRequestOfRoutes(app: FastifyInstance, applies: (route: RouteOptions) => boolean, hook: onRequestAsyncHookHandler): void {
  app.addHook('onRoute', (route) => {
    if (!applies(route)) return;
    const existing = route.onRequest;
    route.onRequest = existing === undefined ? [hook] : [...(Array.isArray(existing) ? existing : [existing]), hook];
  });
}
