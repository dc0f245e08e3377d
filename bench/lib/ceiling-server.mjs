// A bare Fastify app with one route returning a tiny JSON, or a fixed JSON string of a given
// size: what this machine can serve at best, for answers of that size.
// `node ceiling-server.mjs <port> [bytes]`; prints "ready" once listening on 127.0.0.1.
import fastify from 'fastify';

const size = Number(process.argv[3] ?? 0);
const fixed = size > 0 ? `"${'x'.repeat(Math.max(0, size - 2))}"` : undefined;
const app = fastify({ logger: false });
app.get('/', async (_request, reply) => (fixed ? reply.type('application/json').send(fixed) : { ok: true }));
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
process.stdout.write('ready\n');
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
