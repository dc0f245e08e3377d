import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema';
import { makeTreePrivate, PRIVATE_DIR_MODE } from '../files/private-data';

/**
 * The only module that knows which PostgreSQL is in use: PGlite (embedded, DATA_DIR/db) when no
 * DATABASE_URL is given, a node-postgres pool otherwise. Everything else sees `Db`.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Listener {
  /** A NOTIFY on the channel, after the notifying transaction committed. */
  onMessage(payload: string): void;
  /** The dedicated connection was lost and is back: messages in between may be missing. */
  onResume?(): void;
  onError?(err: unknown): void;
}

export interface Database {
  db: Db;
  /** `select 1`: true when the database answers. */
  ping(): Promise<boolean>;
  /**
   * LISTENs on `channel`: on PostgreSQL through one dedicated connection (reconnected when lost),
   * on PGlite in process. Resolves once listening; the returned function stops it.
   */
  listen(channel: string, listener: Listener): Promise<() => Promise<void>>;
  /**
   * Embedded PGlite only (undefined on PostgreSQL, which has pg_dump): the live cluster as a tar
   * (`dumpDataDir`), for `npm run backup` while the portal serves. See pgliteSnapshot.
   */
  snapshot?: () => Promise<Blob>;
  /**
   * The node-postgres pool's connections right now (for /metrics); undefined on PGlite, which is
   * one embedded connection with no pool to fill or wait on.
   */
  poolStats?(): PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Connections handed out to a query or transaction. */
  inUse: number;
  /** Connections open and free. */
  idle: number;
  /** Queries waiting for a connection: above zero for long, the pool is too small or queries too slow. */
  waiting: number;
}

/** The migrations folder: src/db/migrations from source, dist/migrations from the bundle. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../db/migrations'), path.resolve(here, 'migrations')];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`database migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

/**
 * The bundle ships an initialised, empty PGlite cluster (build.mjs): creating one from scratch
 * (initdb) takes ~2.5 s, unpacking the seed under 1 s, which keeps a cold start under 3 s.
 * Used only for a new data directory; from source there is no seed and PGlite runs initdb.
 */
function seedFor(dir: string): string | undefined {
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return undefined;
  const seed = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'pglite-seed.tar.gz');
  return fs.existsSync(seed) ? seed : undefined;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite data directory, used when databaseUrl is unset. */
  pgliteDir: string;
  /** Called with the SQL and the parameters of every query (tests count queries per request, and read what a statement carried). */
  onQuery?: (query: string, params: unknown[]) => void;
  /**
   * Called when the server drops an idle pooled connection (a restart, an administrator ending
   * it). The pool discards that connection and opens a new one for the next query; without a
   * listener the error would end the process.
   */
  onConnectionError?: (err: Error) => void;
  /**
   * A PGlite cluster to start an in-memory database from (`dumpDataDir`), already migrated: the
   * tests make one per run instead of running initdb and every migration once per file.
   */
  pgliteSnapshot?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const folder = migrationsFolder();
  const onQuery = options.onQuery;
  const logger = onQuery ? { logQuery: (query: string, params: unknown[]) => onQuery(query, params) } : undefined;
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    pool.on('error', (err) => options.onConnectionError?.(err));
    const db = drizzle(pool, { schema, logger });
    try {
      await whileLocked(pool, MIGRATIONS_LOCK, () => migrate(db, { migrationsFolder: folder }));
    } catch (err) {
      await pool.end();
      throw err;
    }
    const poolStats = (): PoolStats => ({ inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return wrap(db as unknown as Db, (channel, listener) => listenOnServer(options.databaseUrl!, channel, listener), () => pool.end(), { poolStats });
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // 'memory://' is PGlite's in-memory database (tests); anything else is a folder.
  const inMemory = options.pgliteDir.startsWith('memory://');
  // The folder private to the portal's user (PostgreSQL's own rule for its data directory; decision 0033).
  if (!inMemory) fs.mkdirSync(options.pgliteDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const seed = inMemory ? options.pgliteSnapshot : seedFor(options.pgliteDir);
  // pg_trgm backs the title searches' indexes (migration 0001); a PostgreSQL server ships it.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = await PGlite.create(options.pgliteDir, {
    extensions: { pg_trgm },
    ...(seed ? { loadDataDir: typeof seed === 'string' ? new Blob([fs.readFileSync(seed)]) : seed } : {}),
  });
  const db = drizzle(client, { schema, logger });
  try {
    await migrate(db, { migrationsFolder: folder });
    // PGlite unpacks the seed (and a restore's cluster) with its archive's modes, 0666, whatever
    // the umask: set every mode explicitly. The files PostgreSQL makes later follow the umask.
    if (!inMemory) await makeTreePrivate(options.pgliteDir);
  } catch (err) {
    await client.close();
    throw err;
  }
  const listenInProcess = async (channel: string, listener: Listener) => {
    const stop = await client.listen(channel, (payload) => listener.onMessage(payload));
    return async () => {
      if (!client.closed) await stop();
    };
  };
  return wrap(db as unknown as Db, listenInProcess, () => client.close(), { snapshot: () => pgliteSnapshot(client) });
}

/** A type only: PGlite itself is loaded where it is used. */
type PGliteClient = PGlite;

/**
 * A copy of a PGlite cluster's files that restores reliably. CHECKPOINT first, so that little WAL
 * is left to replay; then dumpDataDir, which holds PGlite's query lock while it reads the files:
 * no statement runs during the copy, so the copy is what a crash at that instant would leave on
 * disk — every transaction committed before it, none half-applied (an open transaction's rows are
 * not committed in it), which PostgreSQL's own crash recovery opens. It is also the very format
 * PGlite starts from (`loadDataDir`, as the bundle's seed does), so restoring needs no SQL
 * replay and no knowledge of the schema, unlike a logical dump that would have to recreate the
 * migrations' objects, extensions and sequences in order.
 */
export async function pgliteSnapshot(client: PGliteClient): Promise<Blob> {
  await client.exec('CHECKPOINT');
  return client.dumpDataDir('none');
}

/**
 * Opens the PGlite cluster in `dir` when no portal runs on it (`npm run backup` without a running
 * portal, `npm run restore` to check what it wrote): no migrations, nothing changed.
 */
export async function openPgliteCluster(dir: string, loadDataDir?: Blob): Promise<PGliteClient> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return PGlite.create(dir, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
}

/** How far the migrations went: how many ran and the newest one's timestamp (drizzle's journal). */
export interface MigrationLevel {
  applied: number;
  lastCreatedAt: number | null;
}

export async function migrationLevel(db: Db): Promise<MigrationLevel> {
  const result = await db.execute<{ applied: string | number; last: string | number | null }>(
    sql`select count(*) as applied, max(created_at) as last from drizzle.__drizzle_migrations`,
  );
  const rows = (Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows) as { applied: string | number; last: string | number | null }[];
  const row = rows[0];
  return { applied: Number(row?.applied ?? 0), lastCreatedAt: row?.last == null ? null : Number(row.last) };
}

/**
 * The advisory lock instances take around their migrations: several starting at once (a deploy,
 * a restart of the cluster) migrate one after another, and the later ones find nothing to do.
 * Any number the portal uses for nothing else.
 */
const MIGRATIONS_LOCK = 7_318_004_512;

/** Runs `work` holding a session-level advisory lock on its own connection of the pool. */
async function whileLocked<T>(pool: Pool, lock: number, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [lock]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [lock]);
    }
  } finally {
    client.release();
  }
}

const RECONNECT_MS = [100, 500, 1000, 2000, 5000];

/** A LISTEN on its own connection (a pool connection would be handed to other queries). */
async function listenOnServer(url: string, channel: string, listener: Listener): Promise<() => Promise<void>> {
  const { default: pg } = await import('pg');
  let client: InstanceType<typeof pg.Client> | undefined;
  let stopped = false;
  let attempt = 0;
  const quoted = `"${channel.replace(/"/g, '""')}"`;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (msg) => {
      if (msg.channel === channel) listener.onMessage(msg.payload ?? '');
    });
    next.on('error', (err) => {
      listener.onError?.(err);
      void reconnect(next);
    });
    await next.connect();
    await next.query(`LISTEN ${quoted}`);
    client = next;
  };

  const reconnect = async (lost: InstanceType<typeof pg.Client>) => {
    if (stopped || client !== lost) return;
    client = undefined;
    lost.end().catch(() => {});
    while (!stopped) {
      await new Promise((r) => setTimeout(r, RECONNECT_MS[Math.min(attempt++, RECONNECT_MS.length - 1)]));
      try {
        await connect();
        attempt = 0;
        listener.onResume?.();
        return;
      } catch (err) {
        listener.onError?.(err);
      }
    }
  };

  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}

function wrap(db: Db, listen: Database['listen'], close: () => Promise<void>, parts: { snapshot?: () => Promise<Blob>; poolStats?: () => PoolStats } = {}): Database {
  let closed = false;
  return {
    db,
    listen,
    ...(parts.snapshot ? { snapshot: parts.snapshot } : {}),
    ...(parts.poolStats ? { poolStats: parts.poolStats } : {}),
    async ping() {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await close();
    },
  };
}
