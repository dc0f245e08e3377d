// Creating courses through the API and timing when their notifications reach open streams: shared
// by the notification scenarios and the cluster's (where the requests go through nginx).

let courseNumber = 510_000_000;

/**
 * POST /courses/create-course through the real API (no thumbnail); its time and the new id.
 * `fetchImpl` is how to reach `base` (Node's fetch, or the cluster's HTTPS one).
 */
export async function createCourse(base, cookie, { title, semester, branch }, fetchImpl = fetch) {
  const form = new FormData();
  const fields = { title, description: `A benchmark course: ${title}.`, coursenumber: String(courseNumber++), semester: String(semester), branch };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const t = performance.now();
  const res = await fetchImpl(`${base}/api/v1/courses/create-course`, { method: 'POST', headers: { cookie }, body: form });
  const body = await res.json();
  const elapsed = performance.now() - t;
  if (res.status !== 201 && res.status !== 200) throw new Error(`create-course answered ${res.status}: ${JSON.stringify(body)}`);
  return { ms: elapsed, id: body.data.course._id };
}

/**
 * Has `trigger(title)` create a notification whose content names `title`, and resolves with the
 * time from the trigger to its arrival on each of `expect` streams (waits at most `timeoutMs`).
 */
export function timeDelivery(waiters, expect, trigger, title, timeoutMs = 15_000) {
  return new Promise((resolve, reject) => {
    const arrivals = [];
    let t0;
    const timer = setTimeout(() => {
      waiters.delete(title);
      reject(new Error(`"${title}" reached ${arrivals.length} of ${expect} streams within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    waiters.set(title, (at) => {
      arrivals.push(at - t0);
      if (arrivals.length === expect) {
        clearTimeout(timer);
        waiters.delete(title);
        resolve(arrivals);
      }
    });
    t0 = performance.now();
    trigger(title).catch(reject);
  });
}

/** Routes `notification` events to the waiter of the course title they name. */
export function deliveryRouter() {
  const waiters = new Map();
  const onEvent = (_i, ev) => {
    if (ev.event !== 'notification') return;
    const title = /"(.*)"/.exec(ev.data.notification.content)?.[1];
    waiters.get(title)?.(ev.at);
  };
  return { waiters, onEvent };
}
