interface Entry<V> {
  value: V;
  /** When this copy is read from the database again, whatever happened meanwhile. */
  staleAt: number;
}

/**
 * Copies of database reads this instance serves for a short while without asking again
 * (sessions, course pages). Whatever makes a copy wrong is announced on the bus and dropped with
 * `forget…` at once, here and on every instance; a copy also lives only `ttlMs`, which bounds
 * what a lost message could leave behind, and the bus's reconnection clears everything.
 */
export class FreshCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** Counts forgets: a read that started before one must not put back what it dropped. */
  private epoch = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** Take before reading from the database; hand to `put` with what was read. */
  get generation(): number {
    return this.epoch;
  }

  get(key: string, now: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.staleAt > now) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Keeps a value read at `generation`, unless something was forgotten since. */
  put(key: string, value: V, generation: number, now: number): void {
    if (generation !== this.epoch) return;
    this.entries.delete(key);
    // The oldest copy makes room (a Map iterates in insertion order).
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, staleAt: now + this.ttlMs });
  }

  forget(key: string): void {
    this.epoch += 1;
    this.entries.delete(key);
  }

  /** Drops every copy `stale` picks (a user's sessions, a renamed owner's courses): rare, so a scan. */
  forgetWhere(stale: (value: V) => boolean): void {
    this.epoch += 1;
    for (const [key, entry] of this.entries) if (stale(entry.value)) this.entries.delete(key);
  }

  clear(): void {
    this.epoch += 1;
    this.entries.clear();
  }
}
