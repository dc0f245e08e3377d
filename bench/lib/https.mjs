// A fetch for the cluster's HTTPS address. Node's own fetch cannot be told to trust one
// self-signed certificate (only through NODE_EXTRA_CA_CERTS at start-up), so this sends on
// node:https with the cluster's certificate as its only authority and answers a real Response.
import https from 'node:https';

/** `fetch(url, {method, headers, body})` trusting `ca` alone; `body` may be FormData. */
export function fetchTrusting(ca) {
  const agent = new https.Agent({ ca, keepAlive: true });
  return async (url, init = {}) => {
    const headers = { ...init.headers };
    let body = init.body;
    if (body instanceof FormData) {
      // Response encodes the multipart body and its boundary as fetch would.
      const encoded = new Response(body);
      headers['content-type'] = encoded.headers.get('content-type');
      body = Buffer.from(await encoded.arrayBuffer());
    }
    return new Promise((resolve, reject) => {
      const req = https.request(url, { method: init.method ?? 'GET', headers, agent }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const answer = new Headers();
          for (let i = 0; i < res.rawHeaders.length; i += 2) answer.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
          const empty = res.statusCode === 204 || res.statusCode === 304;
          resolve(new Response(empty ? null : Buffer.concat(chunks), { status: res.statusCode, headers: answer }));
        });
      });
      req.on('error', reject);
      req.end(body);
    });
  };
}
