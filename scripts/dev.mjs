#!/usr/bin/env node
// `npm run dev`: the API with reload on change (tsx watch, port 8000) and Vite's dev server with
// hot reload (port 5173, proxying /api and /files to the API). Ctrl-C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';

// The server runs in apps/server: its data goes where `npm start` and `npm run seed` keep it
// (./data at the root, or DATA_DIR read from here), so the seeded accounts are there too.
const serverEnv = { ...process.env, DATA_DIR: path.resolve(process.env.DATA_DIR ?? 'data') };
const children = [
  spawn('npm', ['run', 'dev', '-w', 'apps/server'], { stdio: 'inherit', env: serverEnv }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => { stop(); process.exitCode ||= code ?? 0; });
