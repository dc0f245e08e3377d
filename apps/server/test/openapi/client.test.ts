import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../build-app';
import { buildCourse, buildProfessor, buildStudent, DEFAULT_PASSWORD, joinCourse } from '../factories';

const ctx = useTestApp();
const require = createRequire(import.meta.url);
const here = path.dirname(new URL(import.meta.url).pathname);
const serverRoot = path.resolve(here, '../..');
// Inside the package, so the client resolves openapi-fetch from node_modules as an integrator's would.
const work = mkdtempSync(path.join(serverRoot, '.openapi-client-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs node with `args` in the work folder. Asynchronously: the server under test lives in this process. */
const run = (args: string[], env: Record<string, string> = {}) =>
  new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, args, { cwd: work, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 120_000 }, (err, stdout, stderr) =>
      resolve({ status: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
    );
  });

describe('a client generated from /api/docs/json', () => {
  it('type-checks against the document and logs in, lists courses, uploads a note and reads notifications', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    writeFileSync(path.join(work, 'schema.ts'), astToString(await openapiTS(doc)));
    writeFileSync(path.join(work, 'client.ts'), readFileSync(path.join(here, 'client.template.ts')));
    writeFileSync(
      path.join(work, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', skipLibCheck: true, types: ['node'] }, files: ['client.ts'] }),
    );
    const tsc = await run([require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.json']);
    expect(tsc.stdout + tsc.stderr, 'tsc').toBe('');
    expect(tsc.status).toBe(0);

    const professor = await buildProfessor(ctx.app, { fullname: 'Ada Lovelace' });
    const student = await buildStudent(ctx.app);
    const course = await buildCourse(ctx.app, professor, { title: 'Analytical Engines' });
    await joinCourse(ctx.app, student, course._id);
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });

    const client = await run(['--import', 'tsx', 'client.ts'], {
      API_BASE: address,
      PROFESSOR_ID: String(professor.user.registrationId),
      STUDENT_ID: String(student.user.registrationId),
      PASSWORD: DEFAULT_PASSWORD,
    });
    expect(client.stderr, 'client').toBe('');
    expect(client.status).toBe(0);
    expect(JSON.parse(client.stdout)).toEqual({
      professor: 'Ada Lovelace',
      course: 'Analytical Engines',
      note: 'Week 1',
      // Newest first: the note just uploaded, then the course the student saw created.
      unread: ['Prof. Ada Lovelace added notes "Week 1" to "Analytical Engines"', expect.stringContaining('Prof. Ada Lovelace created the course "Analytical Engines"')],
    });
  });
});
