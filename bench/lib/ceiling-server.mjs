// A bare Fastify app with one route returning a tiny JSON: what this machine can serve at best.
// `node ceiling-server.mjs <port>`; prints "ready" once listening on 127.0.0.1.
import fastify from 'fastify';

const app = fastify({ logger: false });
app.get('/', async () => ({ ok: true }));
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
process.stdout.write('ready\n');
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
