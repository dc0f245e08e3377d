#!/usr/bin/env node
// `npm run bench [scenario…]`: builds, runs each scenario against a real server on
// 127.0.0.1, and prints one table. Scenarios: startup, login, pages, lighthouse, courses, ceiling,
// fanout, notificationlist, streams, mailfanout, digest (the last two through a local SMTP
// server), abuse, admin, import, signin (against a loopback OpenID provider), metrics (METRICS on against off, /metrics with open streams), and on the cluster of docs/deploy.md (nginx, the local PostgreSQL and Redis):
// crossinstance, files, rollingrestart; coursework (a class of 300: the owner's list, returning marks, a 20 MB hand-in against a bare upload); and backup (npm run backup and restore) (default: all). BENCH_DURATION (s)
// and BENCH_CONNECTIONS set the load runs; BENCH_DATABASE_URL runs `courses` and the notification
// scenarios on a scratch database of that PostgreSQL server instead of PGlite.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { root, serverEntry } from './lib/server.mjs';
import { coldStart, login } from './scenarios-platform.mjs';
import { pages } from './scenarios-pages.mjs';
import { lighthouseScores } from './scenarios-lighthouse.mjs';
import { ceiling, courses } from './scenarios-courses.mjs';
import { digest, fanout, mailFanout, notificationList, streams } from './scenarios-notifications.mjs';
import { abuse } from './scenarios-abuse.mjs';
import { admin } from './scenarios-admin.mjs';
import { importRoster } from './scenarios-import.mjs';
import { signIn } from './scenarios-signin.mjs';
import { documents } from './scenarios-documents.mjs';
import { coursework } from './scenarios-coursework.mjs';
import { metrics } from './scenarios-metrics.mjs';
import { crossInstance, files, rollingRestart } from './scenarios-cluster.mjs';
import { backupScenario } from './scenarios-backup.mjs';

const scenarios = { startup: coldStart, login, pages, lighthouse: lighthouseScores, courses, ceiling, fanout, notificationlist: notificationList, streams, mailfanout: mailFanout, digest, abuse, admin, import: importRoster, signin: signIn, documents, coursework, metrics, backup: backupScenario, crossinstance: crossInstance, files, rollingrestart: rollingRestart };
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(scenarios);
const unknown = wanted.filter((w) => !scenarios[w]);
if (unknown.length) {
  console.error(`unknown scenario(s): ${unknown.join(', ')}; known: ${Object.keys(scenarios).join(', ')}`);
  process.exit(2);
}

// Always from the tree as it is: a build left from an earlier commit would measure that commit.
if (!existsSync(serverEntry) || process.env.BENCH_SKIP_BUILD !== '1') {
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const port = Number(process.env.BENCH_PORT ?? 8790);
const rows = [];
for (const name of wanted) {
  process.stderr.write(`running ${name}…\n`);
  rows.push(...(await scenarios[name]({ port })));
}
const width = Math.max(...rows.map((r) => r.scenario.length));
console.log(`\n${'scenario'.padEnd(width)}  result`);
for (const r of rows) console.log(`${r.scenario.padEnd(width)}  ${r.value}`);
