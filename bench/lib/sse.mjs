// A minimal Server-Sent Events client on node:http (one socket per stream, no agent pooling),
// for holding many notification streams open and timing when their events arrive.
import http from 'node:http';
import https from 'node:https';

/**
 * Opens GET `path` on `base` with the session cookie and resolves once the first `unread` event
 * has arrived (the server sends it when the stream has joined its hub). `onEvent({event, data,
 * id, at})` is called for every event after that, `at` being performance.now() on arrival.
 * Resolves with `close()` and `ended`, which settles when the stream ends: `clean` when the server
 * ended it, with the `retry` hint it sent after opening, if any. An https `base` is trusted through `ca` (a PEM certificate).
 */
export function openStream(base, path, cookie, onEvent = () => {}, { ca } = {}) {
  const url = new URL(path, base);
  const client = url.protocol === 'https:' ? https : http;
  let endedWith;
  const ended = new Promise((done) => (endedWith = done));
  return new Promise((resolve, reject) => {
    let opened = false;
    let retry;
    const req = client.get(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, agent: false, ca, headers: { cookie, accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream answered ${res.statusCode}`));
          res.resume();
          return;
        }
        res.setEncoding('utf8');
        let buffered = '';
        res.on('data', (chunk) => {
          const at = performance.now();
          buffered += chunk;
          let end;
          while ((end = buffered.indexOf('\n\n')) !== -1) {
            const block = buffered.slice(0, end);
            buffered = buffered.slice(end + 2);
            // The hint sent on opening is not the one of interest: the one sent with the end is.
            if (opened) retry = /^retry: ?(\d+)$/m.exec(block)?.[1] ?? retry;
            const ev = parse(block);
            if (!ev) continue;
            ev.at = at;
            if (!opened && ev.event === 'unread') {
              opened = true;
              resolve({ close: () => req.destroy(), ended });
            } else if (opened) onEvent(ev);
          }
        });
        res.on('end', () => {
          if (!opened) reject(new Error('stream ended before its first unread event'));
          endedWith({ clean: true, retry: retry === undefined ? undefined : Number(retry) });
        });
        // Cut off rather than ended (settles nothing when 'end' came first).
        res.on('close', () => endedWith({ clean: false, retry: undefined }));
      },
    );
    req.on('error', (err) => {
      if (!opened) reject(err);
    });
  });
}

function parse(block) {
  let event = 'message';
  let id;
  const data = [];
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') id = value;
  }
  if (data.length === 0) return undefined;
  try {
    return { event, id, data: JSON.parse(data.join('\n')) };
  } catch {
    return { event, id, data: data.join('\n') };
  }
}
