import type { FastifyReply } from 'fastify';
import { ok, successJson } from '../errors/envelope';
import { etagOf } from './etag';

/**
 * An answer written once and sent many times (a user's notifications, a catalogue page): the
 * envelope's bytes and their ETag, both computed when it is written. Sent again, it costs no JSON,
 * no hashing and, once compressed by its tag (etag.ts), no compression either.
 */
export interface KeptAnswer {
  body: Buffer;
  etag: string;
}

/** A whole answer's JSON, kept. */
function keptBody(json: string): KeptAnswer {
  const body = Buffer.from(json);
  return { body, etag: etagOf(body) };
}

/** The success envelope around `dataJson` (data already written as JSON), kept. */
export const keptAnswer = (dataJson: string, message: string): KeptAnswer => keptBody(successJson(dataJson, message));

/**
 * The route's success answer around `data`, written by the route's own serializer (which checks it
 * against the response schema on the way), to be kept: byte for byte what `ok` would send.
 */
export function keptSuccess<T>(reply: FastifyReply, data: T, message: string): KeptAnswer {
  const serialize = reply.getSerializationFunction('200', 'application/json') as ((payload: unknown) => string) | undefined;
  if (!serialize) throw new Error(`${reply.request.routeOptions.url ?? 'this route'} declares no JSON answer for 200`);
  return keptBody(serialize(ok(reply, data, message)));
}

/** Sends it as `sendJson` would, on a route with `etag: true`; resolves once it is out (see sendJson). */
export async function sendKept(reply: FastifyReply, answer: KeptAnswer): Promise<void> {
  reply.code(200).type('application/json; charset=utf-8').header('etag', answer.etag).send(answer.body);
  await reply;
}
