/**
 * Answers this instance keeps within a budget of bytes (compressed bodies, users' notification
 * lists, catalogue pages): the least recently used go first when the budget is passed, and a
 * value larger than a quarter of the budget is never kept, so one huge answer cannot empty the
 * cache of everyone else's. What makes a value wrong is the user's business (a version in the
 * key, or a `delete`/`clear` when told); this only counts bytes.
 */
export class ByteBudgetCache<V> {
  /** A Map iterates in insertion order: most recently used last. */
  private readonly entries = new Map<string, V>();
  private used = 0;

  constructor(
    private readonly budgetBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get bytes(): number {
    return this.used;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    const size = this.sizeOf(value);
    if (size > this.budgetBytes / 4) return;
    this.entries.set(key, value);
    this.used += size;
    for (const [oldKey, old] of this.entries) {
      if (this.used <= this.budgetBytes) break;
      this.entries.delete(oldKey);
      this.used -= this.sizeOf(old);
    }
  }

  delete(key: string): void {
    const old = this.entries.get(key);
    if (old === undefined) return;
    this.entries.delete(key);
    this.used -= this.sizeOf(old);
  }

  clear(): void {
    this.entries.clear();
    this.used = 0;
  }
}
