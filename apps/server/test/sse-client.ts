/** A minimal Server-Sent Events client over fetch, for tests: real HTTP, frames parsed as browsers do. */
export interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

export interface SseClient {
  status: number;
  /** The next event (of `type`, when given), or a rejection after `timeoutMs`. */
  next(type?: string, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** The last reconnection time the server asked for (`retry:`), in ms. */
  retry(): number | undefined;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const queue: SseEvent[] = [];
  const waiters: (() => void)[] = [];
  let retry: number | undefined;
  const wake = () => waiters.splice(0).forEach((w) => w());

  const ended = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event: SseEvent = { event: 'message', data: '' };
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const [field, ...rest] = line.split(':');
            const value = rest.join(':').replace(/^ /, '');
            if (field === 'event') event.event = value;
            else if (field === 'data') data.push(value);
            else if (field === 'id') event.id = value;
            else if (field === 'retry') retry = Number(value);
          }
          if (data.length) {
            event.data = data.join('\n');
            queue.push(event);
            wake();
          }
        }
      }
    } catch {
      // aborted by close()
    } finally {
      wake();
    }
  })();

  let done = false;
  void ended.then(() => (done = true));

  return {
    status: res.status,
    ended,
    retry: () => retry,
    close: () => abort.abort(),
    async next(type, timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const i = queue.findIndex((e) => !type || e.event === type);
        if (i >= 0) return queue.splice(i, 1)[0]!;
        if (done) throw new Error(`stream ended before a ${type ?? 'any'} event`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ${type ?? 'any'} event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(t);
            resolve();
          });
        });
      }
    },
  };
}
