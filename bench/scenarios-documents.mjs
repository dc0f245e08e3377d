// Checking signed documents under load: POST /documents/verify of an admit card's token (the
// signature and the clock) and of a marksheet's (also one read of its row), at 50 connections,
// each beside a bare route run just before it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { limitsOff, startServer } from './lib/server.mjs';
import { BENCH_PASSWORD, sessionCookie } from './lib/accounts.mjs';
import { LOAD, loadRow, machineRow, measureWarm, methodRow, pairedWithBare, shareRow } from './lib/load.mjs';
import { seedPages } from './lib/pages.mjs';
import { createScratchDatabase } from './lib/seed.mjs';

const EXAM_OFFICE_ID = '211070007';

async function getData(url, cookie) {
  const res = await fetch(url, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()).data;
}

/** The student's signed admit card, and a marksheet the exam office uploads for them, signed. */
async function tokens(base, studentCookie) {
  const student = await getData(`${base}/api/v1/users/current-user`, studentCookie);
  const office = await sessionCookie(base, EXAM_OFFICE_ID);
  const form = new FormData();
  form.append('semester', '1');
  form.append('marksheet', new Blob([Buffer.from('%PDF-1.4\n% bench marksheet\n%%EOF\n')], { type: 'application/pdf' }), 'm.pdf');
  const res = await fetch(`${base}/api/v1/marksheets/createmarksheet/${student._id}`, { method: 'POST', body: form, headers: { cookie: office } });
  if (res.status !== 201) throw new Error(`createmarksheet answered ${res.status}: ${await res.text()}`);
  const marksheetId = (await res.json()).data.marksheet._id;
  return {
    admitCard: (await getData(`${base}/api/v1/documents/admitcard`, studentCookie)).token,
    marksheet: (await getData(`${base}/api/v1/documents/marksheet/${marksheetId}`, studentCookie)).token,
  };
}

export async function documents({ port }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'campus-bench-documents-'));
  const scratch = process.env.BENCH_DATABASE_URL ? await createScratchDatabase(process.env.BENCH_DATABASE_URL) : undefined;
  const env = { ...limitsOff, EXAM_OFFICE_PASSWORD: BENCH_PASSWORD, ...(scratch ? { DATABASE_URL: scratch.url } : {}) };
  let server;
  try {
    server = await startServer({ port, env, dataDir });
    const { studentCookie } = await seedPages(server.base);
    const signed = await tokens(server.base, studentCookie);
    const verifyUrl = `${server.base}/api/v1/documents/verify`;
    for (const [kind, token] of Object.entries(signed)) {
      const res = await fetch(verifyUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
      const verdict = (await res.json()).data;
      if (!verdict?.valid) throw new Error(`the ${kind}'s token did not verify before the run: ${JSON.stringify(verdict)}`);
    }

    process.stderr.write(`  load: ${LOAD.connections} connections, ${LOAD.duration} s each after ${LOAD.warmUp} s of warm-up\n`);
    const rows = [
      machineRow('documents machine'),
      { scenario: 'documents database', value: scratch ? scratch.label : 'PGlite (embedded)' },
      { scenario: 'documents token sizes', value: `admit card ${signed.admitCard.length} characters (1 paper), marksheet ${signed.marksheet.length}` },
      methodRow('documents load'),
    ];
    const pairs = {};
    for (const [kind, token] of Object.entries(signed)) {
      pairs[kind] = await pairedWithBare(() => measureWarm(verifyUrl, { json: { token }, settleAt: server.base }), { port: port + 1 });
      rows.push(loadRow(`verify ${kind}`, pairs[kind].m));
    }
    for (const [kind, pair] of Object.entries(pairs)) rows.push(shareRow(`verify ${kind} / bare route`, pair));
    return rows;
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}
