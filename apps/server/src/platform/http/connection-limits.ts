import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config';

/**
 * How long a connection may take over each part of its life (decision 0010). Node's own timers
 * bound the headers, an idle socket, an idle keep-alive connection and a whole request; the body
 * watchdog below bounds what they cannot: a body that trickles in just fast enough to look alive.
 */
export function serverTimeouts(limits: Config['connections']) {
  return {
    /** No byte in or out for this long ends a socket (a stalled download, a silent client). */
    connectionTimeout: 60_000,
    /**
     * An idle keep-alive connection closes after this long: longer than a reverse proxy keeps
     * its idle upstream connections (nginx: 60 s), so the proxy never sends on one we just closed.
     */
    keepAliveTimeout: 65_000,
    /** Receiving a whole request, body included: a 50 MB upload at 0.7 Mbit/s fits. */
    requestTimeout: 600_000,
    http: {
      /** The request line and headers must arrive within this (slowloris). */
      headersTimeout: limits.headersTimeoutMs,
      /** How often Node checks the headers and request timeouts; its default (30 s) would stretch them. */
      connectionsCheckingInterval: 1_000,
    },
  };
}

const TICK_MS = 1_000;

interface Inflow {
  socket: Socket;
  /** socket.bytesRead once a second, newest last, for the last window. */
  samples: number[];
  /** Set once the request was answered: the body is being drained until then. */
  lingerUntil?: number;
  complete(): boolean;
}

const hasBody = (headers: Record<string, string | string[] | undefined>) =>
  (headers['content-length'] !== undefined && headers['content-length'] !== '0') || headers['transfer-encoding'] !== undefined;

/**
 * Watches every request body while it arrives: one that brings less than `bodyMinBytes` in a
 * `bodyWindowMs` (a stalled or trickling upload) has its connection dropped, which ends the
 * upload's stream with an error so its temp file is removed. A body answered before it was all
 * read (a 413, 415, 401 or 429 at once) is read on and thrown away for up to `lingerMs`, so the
 * client can finish sending and then read the answer: closing at once makes many clients report
 * a reset instead. One timer per instance, whatever the number of requests.
 */
export function registerBodyWatchdog(app: FastifyInstance): void {
  const { bodyMinBytes: minBytes, bodyWindowMs, lingerMs } = app.config.connections;
  const windowTicks = Math.ceil(bodyWindowMs / TICK_MS);
  const inflows = new Map<object, Inflow>();

  const timer = setInterval(() => {
    const now = Date.now();
    for (const [key, flow] of inflows) {
      if (flow.complete() || flow.socket.destroyed) {
        inflows.delete(key);
        continue;
      }
      flow.samples.push(flow.socket.bytesRead);
      if (flow.samples.length > windowTicks + 1) flow.samples.shift();
      const slow = flow.samples.length > windowTicks && flow.samples.at(-1)! - flow.samples[0]! < minBytes;
      if (slow || (flow.lingerUntil !== undefined && now > flow.lingerUntil)) {
        inflows.delete(key);
        app.log.info({ slow }, slow ? 'request body below the minimum rate: connection dropped' : 'answered request still sending its body: connection closed');
        flow.socket.destroy();
      }
    }
  }, TICK_MS).unref();
  app.addHook('onClose', async () => clearInterval(timer));

  // Callback hooks: every request passes them (see security-headers.ts).
  app.addHook('onRequest', (request, _reply, done) => {
    const raw = request.raw;
    // Only a real connection can stall; an injected request (tests, app.inject) has none to drop.
    if (hasBody(raw.headers) && raw.socket instanceof Socket) {
      inflows.set(raw, { socket: raw.socket, samples: [raw.socket.bytesRead], complete: () => raw.complete });
    }
    done();
  });

  // A parser that stopped reading (multipart after a refused file) would otherwise leave the
  // client blocked on a full socket until a timeout resets it.
  app.addHook('onResponse', (request, _reply, done) => {
    const raw = request.raw;
    const flow = inflows.get(raw);
    if (flow && !raw.complete) {
      flow.lingerUntil = Date.now() + lingerMs;
      raw.unpipe();
      raw.resume();
    }
    done();
  });
}
