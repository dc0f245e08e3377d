#!/usr/bin/env node
// `npm run cluster`: the production topology on this machine (docs/deploy.md): nginx with a
// self-signed certificate in front of two instances, the local PostgreSQL and Redis, and an
// S3-protocol server. Runs until Ctrl-C (or for `--for <seconds>`), then stops it all.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { EXAM_OFFICE, serverEntry, startCluster } from './cluster/topology.mjs';

const forIndex = process.argv.indexOf('--for');
const seconds = forIndex > 0 ? Number(process.argv[forIndex + 1]) : undefined;

if (!existsSync(serverEntry)) {
  const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const cluster = await startCluster({ instances: Number(process.env.CLUSTER_INSTANCES ?? 2), echo: process.env.CLUSTER_LOGS === '1' });
console.log(`
Campus Portal cluster on loopback
  open           ${cluster.url}   (self-signed certificate: accept it once)
  instances      ${cluster.instances.map((n) => `${n.name} ${n.url}`).join(', ')}
  database       ${cluster.databaseUrl} (dropped when this stops)
  files          ${cluster.storage.STORAGE === 's3' ? `${cluster.storage.S3_ENDPOINT}, bucket ${cluster.storage.S3_BUCKET}` : 'one local folder'}
  exam office    registration id ${EXAM_OFFICE.registrationId}, password ${EXAM_OFFICE.password}
Ctrl-C stops everything${seconds ? ` (or it stops by itself after ${seconds} s)` : ''}.`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('stopping the cluster…');
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
if (seconds) setTimeout(stop, seconds * 1000);
