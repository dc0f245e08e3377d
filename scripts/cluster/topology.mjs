// The production topology on loopback: nginx terminating TLS (a self-signed certificate) in front
// of N portal instances that share the local PostgreSQL, the local Redis and an S3-protocol
// server (s3rver). `npm run cluster`, the e2e journey through it and the bench all start this.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { nginxConf } from './nginx.mjs';
import { S3_ACCESS_KEY, startS3Server } from './s3-server.mjs';

const root = resolve(import.meta.dirname, '..', '..');
export const serverEntry = join(root, 'apps', 'server', 'dist', 'server.js');
export const EXAM_OFFICE = { registrationId: 211070007, password: 'exam-office-cluster-secret' };
const BUCKET = 'campus-files';

/** A free port on 127.0.0.1. */
export function freePort() {
  return new Promise((done) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

async function until(what, check, timeoutMs = 60_000) {
  const started = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() - started > timeoutMs) throw new Error(`${what} not ready within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

/** A new database on the PostgreSQL server of `adminUrl`; returns its URL and how to drop it. */
async function scratchDatabase(adminUrl, name) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => client.end());
    },
  };
}

/** One portal instance (`node apps/server/dist/server.js`): its log lines kept, restartable. */
function instance(name, port, env, { echo }) {
  const logs = [];
  let child;
  const handle = {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    /** Every JSON log line the instance wrote, parsed, oldest first (across restarts). */
    logs,
    /** The lines of requests it answered: { method, url, status }. */
    requests: () => logs.filter((l) => l.msg === 'request'),
    async start() {
      child = spawn(process.execPath, [serverEntry], { cwd: root, env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
      let buffered = '';
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk) => {
        buffered += chunk;
        let cut;
        while ((cut = buffered.indexOf('\n')) >= 0) {
          const line = buffered.slice(0, cut);
          buffered = buffered.slice(cut + 1);
          try {
            logs.push({ ...JSON.parse(line), instance: name });
          } catch {
            // not a log line
          }
          if (echo) process.stdout.write(`[${name}] ${line}\n`);
        }
      });
      child.stderr.on('data', (d) => process.stderr.write(`[${name}] ${d}`));
      const exited = new Promise((_, reject) => child.once('exit', (code) => reject(new Error(`${name} exited with ${code} while starting`))));
      await Promise.race([exited, until(`${name}`, async () => (await fetch(`${handle.url}/api/v1/health/ready`)).ok)]);
    },
    /** SIGTERM, as a deploy sends it; resolves with the milliseconds it took to exit. */
    async stop() {
      if (!child || child.exitCode !== null) return 0;
      const started = performance.now();
      const gone = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await gone;
      return performance.now() - started;
    },
    /** A rolling deploy's step: stop, then start again on the same port. */
    async restart() {
      await handle.stop();
      await handle.start();
    },
  };
  return handle;
}

/**
 * Starts the cluster; `stop()` ends everything it started (and drops its database unless
 * `keepDatabase`). Options: `instances` (2), `adminDatabaseUrl` (a PostgreSQL server to create the
 * cluster's database on), `redisUrl`, `storage` ('s3' or 'local', one folder shared by all),
 * `httpsPort`, `database` (a name; default a fresh one), `env` (more settings for every
 * instance), `echo` (print the instances' logs).
 */
export async function startCluster(options = {}) {
  const {
    instances: count = 2,
    adminDatabaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    storage = 's3',
    database = `campus_cluster_${process.pid}_${Date.now()}`,
    keepDatabase = false,
    env = {},
    echo = false,
  } = options;
  const work = mkdtempSync(join(tmpdir(), 'campus-cluster-'));
  const stops = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => {});
    rmSync(work, { recursive: true, force: true });
  };
  try {
    const httpsPort = options.httpsPort ?? (await freePort());
    const publicOrigin = `https://localhost:${httpsPort}`;

    const cert = join(work, 'cert.pem');
    const key = join(work, 'key.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '7', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', key, '-out', cert], { stdio: 'ignore' });

    let storageEnv = { STORAGE: 'local' };
    if (storage === 's3') {
      const s3 = await startS3Server({ directory: join(work, 's3'), bucket: BUCKET });
      stops.push(() => s3.close());
      // The SDK's once-per-process notice that its releases after January 2027 need Node 22 is off here.
      storageEnv = { STORAGE: 's3', S3_BUCKET: BUCKET, S3_ENDPOINT: s3.endpoint, S3_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: S3_ACCESS_KEY, AWS_SECRET_ACCESS_KEY: S3_ACCESS_KEY, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };
    }

    const db = await scratchDatabase(adminDatabaseUrl, database);
    if (!keepDatabase) stops.push(() => db.drop());

    const shared = {
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl,
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_ORIGIN: publicOrigin,
      EXAM_OFFICE_PASSWORD: EXAM_OFFICE.password,
      LOG_LEVEL: 'info',
      ...storageEnv,
      ...env,
    };
    const nodes = [];
    for (let i = 0; i < count; i++) {
      const name = String.fromCharCode(97 + i);
      // A local store shares one folder; each instance's embedded files stay apart otherwise.
      const dataDir = join(work, storage === 's3' ? `data-${name}` : 'data');
      mkdirSync(dataDir, { recursive: true });
      nodes.push(instance(name, await freePort(), { ...shared, DATA_DIR: dataDir }, { echo }));
    }
    // One at a time: the first creates the schema (the others would wait on its lock anyway).
    for (const node of nodes) {
      await node.start();
      stops.push(() => node.stop());
    }

    const prefix = join(work, 'nginx');
    for (const dir of ['', 'client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(prefix, dir), { recursive: true });
    const conf = join(prefix, 'nginx.conf');
    writeFileSync(conf, nginxConf({ prefix, httpsPort, upstreams: nodes.map((n) => `127.0.0.1:${n.port}`), cert, key, runAsRoot: process.getuid?.() === 0 }));
    const nginx = spawn('nginx', ['-p', prefix, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'inherit'] });
    const nginxGone = new Promise((done) => nginx.once('exit', done));
    stops.push(async () => {
      // A fast shutdown: the graceful one (SIGQUIT) would wait for the browsers' event streams.
      nginx.kill('SIGTERM');
      await nginxGone;
    });
    await until('nginx', () => new Promise((done) => net.connect(httpsPort, '127.0.0.1').once('connect', function () {
      this.destroy();
      done(true);
    }).once('error', () => done(false))));

    return { url: publicOrigin, instances: nodes, databaseUrl: db.url, cert, storage: storageEnv, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
