import type { FastifyInstance } from 'fastify';

/**
 * Where an instance is in its life, for the readiness call: `starting` until Fastify is ready,
 * `ready` while it takes traffic, `draining` from the moment it is told to stop (SIGTERM) until
 * it exits. A load balancer that asks stops sending new requests while it drains.
 */
export type LifecycleState = 'starting' | 'ready' | 'draining';

export class Lifecycle {
  state: LifecycleState = 'starting';
}

export function registerLifecycle(app: FastifyInstance): void {
  app.decorate('lifecycle', new Lifecycle());
  app.addHook('onReady', async () => {
    if (app.lifecycle.state === 'starting') app.lifecycle.state = 'ready';
  });
  app.addHook('preClose', async () => {
    app.lifecycle.state = 'draining';
  });
  // Closing stops new connections and ends the idle ones; a request already in flight would leave
  // its keep-alive connection open after its answer, holding the exit until its idle timeout.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.lifecycle.state === 'draining') reply.header('connection', 'close');
    done(null, payload);
  });
}
