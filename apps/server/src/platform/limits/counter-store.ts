/**
 * Fixed-window counters behind every rate limit and the login throttle. Two stores implement it:
 * this process's memory (one instance) and Redis (several instances share their counts).
 */
export interface Count {
  count: number;
  /** Milliseconds until the window ends and the count starts again from zero. */
  resetInMs: number;
}

export interface CounterStore {
  /** Adds one to `key` (a new window of `windowMs` starts when there is none) and returns it. */
  increment(key: string, windowMs: number): Promise<Count>;
  /** Takes one back (an attempt that turned out not to count); never below zero. */
  decrement(key: string): Promise<void>;
  /** Forgets the keys (a successful login clears its account's failures). */
  reset(...keys: string[]): Promise<void>;
  close(): Promise<void>;
}

interface Entry {
  count: number;
  resetAt: number;
}

/** How many keys the in-process store holds at most (~100 bytes each: about 20 MB). */
const MEMORY_STORE_MAX_KEYS = 200_000;

/**
 * Counters in this process, bounded in size. An attacker who makes up keys (registration ids,
 * addresses) cannot push out the counters of an attack in progress: when the store is full it
 * drops expired windows first and then the keys with the lowest counts, and an attack's keys are
 * the high ones. The bound keeps memory flat whatever a client sends.
 */
export class MemoryCounterStore implements CounterStore {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly maxKeys = MEMORY_STORE_MAX_KEYS,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  async increment(key: string, windowMs: number): Promise<Count> {
    const now = this.now();
    let entry = this.entries.get(key);
    if (!entry || entry.resetAt <= now) {
      if (!entry && this.entries.size >= this.maxKeys) this.makeRoom(now);
      entry = { count: 0, resetAt: now + windowMs };
      this.entries.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, resetInMs: entry.resetAt - now };
  }

  async decrement(key: string): Promise<void> {
    const entry = this.entries.get(key);
    if (entry && entry.count > 0) entry.count -= 1;
  }

  async reset(...keys: string[]): Promise<void> {
    for (const key of keys) this.entries.delete(key);
  }

  async close(): Promise<void> {
    this.entries.clear();
  }

  /** Frees a tenth of the store: expired windows, then the smallest counts. */
  private makeRoom(now: number): void {
    for (const [key, entry] of this.entries) if (entry.resetAt <= now) this.entries.delete(key);
    const target = Math.floor(this.maxKeys * 0.9);
    if (this.entries.size <= target) return;
    const byCount = [...this.entries].sort((a, b) => a[1].count - b[1].count);
    for (const [key] of byCount.slice(0, this.entries.size - target)) this.entries.delete(key);
  }
}
