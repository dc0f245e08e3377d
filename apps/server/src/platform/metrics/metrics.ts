import { readdir, stat } from 'node:fs/promises';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { provide } from '../provide';

/**
 * GET /metrics for Prometheus (docs/operations.md): the portal's own series, prefixed `campus_`,
 * in a registry made per app (tests build many apps in one process), and the process's own
 * (`process_*`, `nodejs_*`) in one registry per process: prom-client's default collectors start
 * an event-loop monitor and a GC observer each time, and they describe the process, not an app.
 */

export const METRICS_PATH = '/metrics';

/** What features tell the metrics; every method a no-op with METRICS=off. */
export interface Metrics {
  /** A password check failed (a login, or a password change's old password). */
  loginFailed(): void;
  /**
   * A gauge a feature owns, read when scraped (the platform knows no feature): e.g. the
   * notifications feature's open event streams. `name` starts with `campus_`.
   */
  gauge(name: string, help: string, read: () => number): void;
}

const NO_METRICS: Metrics = { loginFailed() {}, gauge() {} };

/** The label of every request no route matched: an unknown path is not a label of its own. */
export const UNMATCHED = 'unmatched';

/**
 * prom-client's process metrics that cost in proportion to open connections: with 10,000 event
 * streams, listing every handle and resource took ~28 ms of the event loop per scrape, and
 * readdir of /proc/self/fd ~16–25 ms. They go; the open descriptors are counted below without a
 * listing, and `campus_event_streams_open` says what the connections are.
 */
const PER_CONNECTION = ['nodejs_active_handles', 'nodejs_active_handles_total', 'nodejs_active_resources', 'nodejs_active_resources_total', 'process_open_fds'];

/**
 * Open file descriptors (against `process_max_fds`: a leak, or streams near the limit). Linux 6.2
 * and later give their count as the size of /proc/self/fd, a stat away; older kernels say 0 there,
 * and the folder is listed off the event loop instead.
 */
async function openDescriptors(): Promise<number | undefined> {
  try {
    const { size } = await stat('/proc/self/fd');
    if (size > 0) return size;
    // The listing's own descriptor is in it.
    return (await readdir('/proc/self/fd')).length - 1;
  } catch {
    return undefined; // not Linux
  }
}

let ofProcess: Registry | undefined;
function processMetrics(): Registry {
  if (!ofProcess) {
    ofProcess = new Registry();
    collectDefaultMetrics({ register: ofProcess });
    for (const name of PER_CONNECTION) ofProcess.removeSingleMetric(name);
    new Gauge({
      name: 'process_open_fds',
      help: 'Number of open file descriptors.',
      registers: [ofProcess],
      async collect() {
        const open = await openDescriptors();
        if (open === undefined) this.reset();
        else this.set(open);
      },
    });
  }
  return ofProcess;
}

/**
 * 127.0.0.1 and ::1 (where a Prometheus on the same machine connects from), plus METRICS_ALLOW's
 * addresses and ranges. The rest of 127.0.0.0/8 only when listed: it is where other local
 * services (a proxy's own bind, a container's port mapping) may come from.
 */
export function metricsAllowList(allow: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  list.addAddress('127.0.0.1', 'ipv4');
  list.addAddress('::1', 'ipv6');
  for (const entry of allow) {
    const [address = '', bits] = entry.split('/');
    const family = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (address) => {
    // A dual-stack listener sees an IPv4 client as ::ffff:a.b.c.d: checked as the IPv4 address it is.
    const mapped = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : undefined;
    if (mapped !== undefined && isIPv4(mapped)) return list.check(mapped, 'ipv4');
    if (isIPv4(address)) return list.check(address, 'ipv4');
    return isIPv6(address) && list.check(address, 'ipv6');
  };
}

/** The latency histogram's upper bounds, in seconds. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * One method and route's counts, kept in plain numbers: a request adds to them and allocates
 * nothing (prom-client's own `observe` and `inc` build a label object and a key string on every
 * call). They are turned into exposition text only when scraped.
 */
class RouteSeries {
  /** Requests per bucket (not cumulative); past the last bound they count in `count` alone. */
  readonly buckets = new Float64Array(BUCKETS.length);
  sum = 0;
  count = 0;
  /** Answers by status code. */
  readonly byStatus = new Map<number, number>();
  refused = 0;

  constructor(
    readonly method: string,
    readonly route: string,
  ) {}

  record(seconds: number, status: number): void {
    for (let i = 0; i < BUCKETS.length; i++) {
      if (seconds <= BUCKETS[i]!) {
        this.buckets[i]!++;
        break;
      }
    }
    this.sum += seconds;
    this.count++;
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
    if (status === 429) this.refused++;
  }
}

type Value = { labels: Record<string, string | number>; value: number; metricName?: string };

/** A metric prom-client's registry formats, whose values are read from `values()` when scraped. */
function scrapedMetric(name: string, help: string, type: 'counter' | 'histogram', values: () => Value[]) {
  return { name, help, type, aggregator: 'sum', get: async () => ({ name, help, type, aggregator: 'sum', values: values() }), reset() {} };
}

interface MailRow {
  waiting: number | string;
  retrying: number | string;
  given_up: number | string;
  oldest_due_seconds: number | string | null;
}

/**
 * Decorates `app.metrics` and, with METRICS on, counts every answer (one onResponse hook) and
 * serves /metrics to loopback and METRICS_ALLOW; anyone else gets the 404 of an unknown path.
 * Register before the features (they call `app.metrics`); gauges read the parts they describe
 * (the pool, the mail queue, a feature's own through `gauge`) when scraped.
 */
export function registerMetrics(app: FastifyInstance): void {
  const { enabled, allow } = app.config.metrics;
  if (!enabled) {
    provide(app, 'metrics', NO_METRICS);
    return;
  }
  const registry = new Registry();
  const registers = [registry];

  // Every method and route seen, by `${method} ${route}`; the hook below reaches them without a key.
  const all = new Map<string, RouteSeries>();
  const each = <T>(f: (s: RouteSeries) => T[]) => [...all.values()].flatMap(f);
  const duration = 'campus_http_request_duration_seconds';
  for (const metric of [
    scrapedMetric('campus_http_requests_total', 'Answered requests, by method, route pattern (unmatched for unknown paths) and status.', 'counter', () =>
      each((s) => [...s.byStatus].map(([status, value]) => ({ labels: { method: s.method, route: s.route, status }, value }))),
    ),
    scrapedMetric(duration, 'Time from a request\'s arrival to its answer, by method and route pattern.', 'histogram', () =>
      each((s) => {
        const labels = { method: s.method, route: s.route };
        let cumulative = 0;
        return [
          ...BUCKETS.map((le, i) => ({ labels: { ...labels, le }, value: (cumulative += s.buckets[i]!), metricName: `${duration}_bucket` })),
          { labels: { ...labels, le: '+Inf' }, value: s.count, metricName: `${duration}_bucket` },
          { labels, value: s.sum, metricName: `${duration}_sum` },
          { labels, value: s.count, metricName: `${duration}_count` },
        ];
      }),
    ),
    scrapedMetric('campus_rate_limit_refusals_total', 'Requests refused by a rate limit (429), by route pattern.', 'counter', () =>
      each((s) => (s.refused > 0 ? [{ labels: { route: s.route }, value: s.refused }] : [])),
    ),
  ]) {
    registry.registerMetric(metric as unknown as Parameters<Registry['registerMetric']>[0]);
  }
  const loginFailures = new Counter({ name: 'campus_login_failures_total', help: 'Failed password checks: logins, and password changes\' old password.', registers });

  const { database } = app;
  if (database.poolStats) {
    const stats = database.poolStats.bind(database);
    new Gauge({
      name: 'campus_db_pool_connections',
      help: 'PostgreSQL pool connections, in use and idle.',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const { inUse, idle } = stats();
        this.set({ state: 'in_use' }, inUse);
        this.set({ state: 'idle' }, idle);
      },
    });
    new Gauge({
      name: 'campus_db_pool_waiting',
      help: 'Queries waiting for a PostgreSQL pool connection.',
      registers,
      collect() {
        this.set(stats().waiting);
      },
    });
  }
  new Gauge({
    name: 'campus_ready',
    help: '1 while this instance takes traffic, 0 while it starts or drains.',
    registers,
    collect() {
      this.set(app.lifecycle.state === 'ready' ? 1 : 0);
    },
  });

  // The mail queue, read at scrape time in one query over the unsent rows (index mail_jobs_unsent_idx).
  // A registry collects its metrics concurrently: the three gauges share one query in flight.
  let reading: Promise<MailRow | undefined> | undefined;
  const readMailQueue = () =>
    (reading ??= database.db
      .execute(sql`
        select count(*) filter (where failed_at is null and attempts = 0) as waiting,
               count(*) filter (where failed_at is null and attempts > 0) as retrying,
               count(*) filter (where failed_at is not null) as given_up,
               extract(epoch from now() - min(run_at) filter (where failed_at is null and run_at <= now())) as oldest_due_seconds
        from mail_jobs where sent_at is null`)
      .then((result) => (result as unknown as { rows: MailRow[] }).rows[0] ?? { waiting: 0, retrying: 0, given_up: 0, oldest_due_seconds: null })
      .catch((err: unknown) => {
        app.log.warn({ err }, 'metrics: the mail queue could not be read');
        return undefined;
      })
      .finally(() => (reading = undefined)));
  new Gauge({
    name: 'campus_mail_jobs',
    help: 'Unsent emails: waiting (never tried), retrying (failed before, due again), given_up (no longer tried).',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      const row = await readMailQueue();
      if (!row) return this.reset();
      this.set({ state: 'waiting' }, Number(row.waiting));
      this.set({ state: 'retrying' }, Number(row.retrying));
      this.set({ state: 'given_up' }, Number(row.given_up));
    },
  });
  new Gauge({
    name: 'campus_mail_oldest_due_seconds',
    help: 'How long the longest-due unsent email has been due (0 when none): the mail worker falling behind or the relay down.',
    registers,
    async collect() {
      const row = await readMailQueue();
      if (!row) return this.reset();
      this.set(Math.max(0, Number(row.oldest_due_seconds ?? 0)));
    },
  });
  new Gauge({
    name: 'campus_mail_queue_readable',
    help: '1 when the scrape could read the mail queue, 0 when its query failed (the database down).',
    registers,
    async collect() {
      this.set((await readMailQueue()) ? 1 : 0);
    },
  });

  const metrics: Metrics = {
    loginFailed: () => loginFailures.inc(),
    gauge: (name, help, read) => {
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    },
  };
  provide(app, 'metrics', metrics);

  // Each route context (its config object, one per route) keeps its series by method: found
  // without building a key once seen.
  const byContext = new WeakMap<object, Map<string, RouteSeries>>();
  const seriesOf = (request: FastifyRequest): RouteSeries => {
    const context = request.routeOptions.config as object;
    let byMethod = byContext.get(context);
    if (!byMethod) byContext.set(context, (byMethod = new Map()));
    let found = byMethod.get(request.method);
    if (!found) {
      const route = request.is404 ? UNMATCHED : (request.routeOptions.url ?? UNMATCHED);
      const key = `${request.method} ${route}`;
      found = all.get(key) ?? new RouteSeries(request.method, route);
      all.set(key, found);
      byMethod.set(request.method, found);
    }
    return found;
  };

  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    seriesOf(request).record(reply.elapsedTime / 1000, reply.statusCode);
    done();
  });

  const allowed = metricsAllowList(allow);
  const processRegistry = processMetrics();
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    // request.ip is the client's: behind a trusted proxy (TRUST_PROXY) the forwarded address, so
    // an outside client relayed by nginx on loopback is refused all the same.
    if (!allowed(request.ip)) return reply.callNotFound();
    const [own, processText] = await Promise.all([registry.metrics(), processRegistry.metrics()]);
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(`${own}\n${processText}`);
  });
}
