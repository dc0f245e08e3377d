import { STREAM_EVENTS, type NotificationEvent, type UnreadEvent } from '@campus/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/database';
import { fanOutFor, latestSeq, missedSince, presentNotification, unreadCounts, type StoredNotification } from './notifications.service';

/** One open event stream: whose it is, on which session, and how to write to it. */
export interface Stream {
  userId: string;
  sessionHash: string;
  /** Writes one SSE frame; returns false when the socket is gone. */
  write(frame: string): boolean;
  /** False once the client has gone (it may go while the stream is still opening). */
  alive(): boolean;
  /** Ends the stream; `retryMs` tells the browser how long to wait before it reconnects. */
  close(retryMs?: number): void;
  /** The highest event id (seq) sent, for catching up after the bus was interrupted. */
  lastSeq: number;
}

/** How often an idle stream gets a comment line, so proxies and browsers keep it open. */
const HEARTBEAT_MS = 25_000;
/** How often every stream's session is checked for expiry (logout and password change act at once). */
const SESSION_CHECK_MS = 30_000;

/**
 * How long a stream closed to make room (a user's or this instance's cap) asks its browser to
 * wait before reconnecting, so that surplus tabs do not take turns closing each other.
 */
const EVICTED_RETRY_MS = 60_000;
/** A stream closed by a shutdown asks its browser to come back after 0.5 s plus up to 2 s. */
const SHUTDOWN_RETRY_MS = 500;
const SHUTDOWN_RETRY_SPREAD_MS = 2_000;

export interface StreamLimits {
  /** Open streams per user; the user's oldest closes when another opens. */
  perUser: number;
  /** Open streams on this instance; the oldest closes when another opens. */
  perInstance: number;
}

export const frame = (event: string, data: unknown, id?: number) => `${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** Tells whether each session (by token hash) is still valid, without extending any of them. */
export type SessionCheck = (sessionHashes: string[]) => Promise<Set<string>>;

/**
 * The streams open on this instance, and what the bus tells them. Bus messages are handled one
 * at a time, in order; each costs a constant number of queries however many streams are open.
 */
export class NotificationHub {
  private readonly byUser = new Map<string, Set<Stream>>();
  /** Every stream, oldest first (a Set keeps insertion order). */
  private readonly all = new Set<Stream>();
  private queue: Promise<void> = Promise.resolve();
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly db: Db,
    private readonly validSessions: SessionCheck,
    private readonly log: FastifyBaseLogger,
    private readonly limits: StreamLimits,
  ) {}

  get size(): number {
    return this.all.size;
  }

  start(): void {
    this.timers.push(setInterval(() => this.broadcast(': heartbeat\n\n'), HEARTBEAT_MS).unref());
    this.timers.push(setInterval(() => this.enqueue(() => this.checkSessions()), SESSION_CHECK_MS).unref());
  }

  /** Joins a stream, first closing the oldest where a cap is reached. */
  private add(stream: Stream): void {
    let set = this.byUser.get(stream.userId);
    if (!set) this.byUser.set(stream.userId, (set = new Set()));
    while (set.size >= this.limits.perUser) this.evict(set.values().next().value!);
    while (this.all.size >= this.limits.perInstance) this.evict(this.all.values().next().value!);
    set.add(stream);
    this.all.add(stream);
  }

  remove(stream: Stream): void {
    const set = this.byUser.get(stream.userId);
    set?.delete(stream);
    if (set?.size === 0) this.byUser.delete(stream.userId);
    this.all.delete(stream);
  }

  private evict(stream: Stream): void {
    this.remove(stream);
    stream.close(EVICTED_RETRY_MS);
  }

  /**
   * Opens a stream: sends what the user missed after `afterSeq` (a reconnect's Last-Event-ID) or,
   * on a first connect, starts after their newest notification; then the current unread count.
   */
  open(stream: Stream, afterSeq: number | undefined): Promise<void> {
    // In the queue, so no bus message is handled between the catch-up and joining the hub.
    return new Promise((resolve, reject) => {
      this.enqueue(async () => {
        try {
          if (afterSeq === undefined) stream.lastSeq = await latestSeq(this.db, stream.userId);
          const missed = afterSeq !== undefined ? await missedSince(this.db, [stream.userId], afterSeq) : [];
          const unread = (await unreadCounts(this.db, [stream.userId])).get(stream.userId) ?? 0;
          for (const n of missed) this.send(stream, n, unread);
          stream.write(frame(STREAM_EVENTS.unread, { unread } satisfies UnreadEvent));
          if (stream.alive()) this.add(stream);
          resolve();
        } catch (err) {
          reject(err);
        }
      });
    });
  }

  /** Notifications with seq from..to were committed (one fan-out): each goes to its recipient's streams here. */
  added(from: number, to: number): void {
    this.whenConnected(async () => this.deliver(await fanOutFor(this.db, [...this.byUser.keys()], from, to)));
  }

  /** A user's unread count changed (read, read all): their streams get the new count. */
  countChanged(userId: string): void {
    this.whenConnected(() => this.sendCounts([userId]));
  }

  /** A user's sessions changed (logout, password change): their streams whose session ended close. */
  userChanged(userId: string): void {
    this.whenConnected(() => this.checkSessions(userId));
  }

  /** The bus was interrupted: send each stream what it may have missed. */
  resume(): void {
    this.enqueue(async () => {
      if (this.all.size === 0) return;
      const after = Math.min(...[...this.all].map((s) => s.lastSeq));
      await this.deliver(await missedSince(this.db, [...this.byUser.keys()], after, 10_000));
      await this.sendCounts([...this.byUser.keys()]);
    });
  }

  /**
   * Ends every stream (server shutdown): browsers reconnect, through the proxy, to another
   * instance, each after its own 0.5–2.5 s so they do not all arrive at once.
   */
  closeAll(): void {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    for (const s of this.all) s.close(SHUTDOWN_RETRY_MS + Math.floor(Math.random() * SHUTDOWN_RETRY_SPREAD_MS));
    this.byUser.clear();
    this.all.clear();
  }

  /** Closes the streams whose session has ended (all users', or one user's). */
  async checkSessions(userId?: string): Promise<void> {
    const streams = [...((userId ? this.byUser.get(userId) : this.all) ?? [])];
    if (streams.length === 0) return;
    const valid = await this.validSessions([...new Set(streams.map((s) => s.sessionHash))]);
    for (const s of streams) {
      if (valid.has(s.sessionHash)) continue;
      this.remove(s);
      s.close();
    }
  }

  private async deliver(rows: StoredNotification[]): Promise<void> {
    if (rows.length === 0) return;
    const counts = await unreadCounts(this.db, [...new Set(rows.map((r) => r.recipientId))]);
    for (const row of rows) {
      for (const stream of this.byUser.get(row.recipientId) ?? []) {
        // A row can reach a stream twice (concurrent fan-outs' seq ranges interleave; a replay
        // after a reconnect): event ids only go forward.
        if (row.seq > stream.lastSeq) this.send(stream, row, counts.get(row.recipientId) ?? 0);
      }
    }
  }

  private send(stream: Stream, row: StoredNotification, unread: number): void {
    stream.lastSeq = Math.max(stream.lastSeq, row.seq);
    const data: NotificationEvent = { notification: presentNotification(row), unread };
    if (!stream.write(frame(STREAM_EVENTS.notification, data, row.seq))) this.drop(stream);
  }

  private async sendCounts(userIds: string[]): Promise<void> {
    const connected = userIds.filter((id) => this.byUser.has(id));
    if (connected.length === 0) return;
    const counts = await unreadCounts(this.db, connected);
    for (const id of connected) {
      for (const stream of this.byUser.get(id) ?? []) {
        if (!stream.write(frame(STREAM_EVENTS.unread, { unread: counts.get(id) ?? 0 } satisfies UnreadEvent))) this.drop(stream);
      }
    }
  }

  private broadcast(text: string): void {
    for (const s of this.all) if (!s.write(text)) this.drop(s);
  }

  private drop(stream: Stream): void {
    this.remove(stream);
    stream.close();
  }

  /**
   * A bus message's work, after the ones before it. Nobody connected to this instance: nothing to
   * look up (every fan-out reaches every instance, and most have no stream of its recipients).
   */
  private whenConnected(task: () => Promise<void>): void {
    if (this.byUser.size > 0) this.enqueue(task);
  }

  private enqueue(task: () => Promise<void>): void {
    this.queue = this.queue.then(task).catch((err: unknown) => this.log.error({ err }, 'notification stream update failed'));
  }
}
