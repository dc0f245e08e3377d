import type { FastifyInstance } from 'fastify';

type Name = keyof FastifyInstance & string;

/**
 * Decorates the app with `name`, a part that uses the parts `needs` names: Fastify refuses to
 * start when one of them is not decorated yet (FST_ERR_DEC_MISSING_DEPENDENCY), so start-up order
 * is held by these lists, not by the order of lines. `close`, when given, runs at shutdown; close
 * hooks run last-registered first, so each part closes before the parts it needs (the mail worker
 * before the bus, the bus before the database).
 */
export function provide<K extends Name>(app: FastifyInstance, name: K, value: FastifyInstance[K], options: { needs?: Name[]; close?: () => Promise<void> | void } = {}): void {
  // Fastify's overloads cannot follow a generic name to its type; the signature above does.
  app.decorate(name, value as never, options.needs ?? []);
  const { close } = options;
  if (close) app.addHook('onClose', async () => close());
}

/**
 * A part another registers, read by a plugin that needs it while it registers: a missing one is
 * a start-up error naming it, not an undefined found later in a request.
 */
export function needed<K extends Name>(app: FastifyInstance, name: K): FastifyInstance[K] {
  if (!app.hasDecorator(name)) throw new Error(`app.${name} is needed before it is registered: register what provides it first (app.ts)`);
  return app[name];
}
