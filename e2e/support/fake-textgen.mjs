#!/usr/bin/env node
// A stand-in for an OpenAI-compatible chat-completions server, so the e2e journeys draft event
// descriptions through the portal's real provider code without the internet. It answers four
// lines built from the user's prompt and checks the key, so a wrong wiring fails the journey.
// Usage: node fake-textgen.mjs <port> <expected api key>
import { createServer } from 'node:http';

const [port, key] = process.argv.slice(2);

createServer((req, res) => {
  const send = (status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (req.method === 'GET' && req.url === '/health') return send(200, { ok: true });
  if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return send(404, { error: { message: 'not found' } });
  if (req.headers.authorization !== `Bearer ${key}`) return send(401, { error: { message: 'bad key' } });
  let raw = '';
  req.on('data', (chunk) => (raw += chunk));
  req.on('end', () => {
    const prompt = (JSON.parse(raw).messages ?? []).filter((m) => m.role === 'user').map((m) => m.content).join(' ');
    const title = /"([^"]+)"/.exec(prompt)?.[1] ?? prompt.slice(0, 60);
    const content = [
      `Join us for ${title}.`,
      'An evening of ideas, people and good company on campus.',
      'Everyone is welcome; bring a friend.',
      'See you there!',
    ].join('\n');
    send(200, { id: 'fake', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] });
  });
}).listen(Number(port), '127.0.0.1');
