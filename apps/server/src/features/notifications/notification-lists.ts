import type { Db } from '../../platform/db/database';
import { listVersionOf, notificationsJsonOf } from './notifications.service';

/** What this instance keeps of written lists, at most (the largest list is about 240 KB). */
const BUDGET_BYTES = 32 * 1024 * 1024;

/**
 * Users' notification lists (getnotification) as this instance last wrote them, with the version
 * they were written at (listVersionOf). A request reads the version, a fraction of a millisecond
 * over two indexes, and sends the kept list when it is the same: a page that asks again and
 * again, or many tabs, cost that read rather than 600 rows written out. Any change on any
 * instance changes the version, so nothing stale is sent and nothing needs telling. The least
 * recently asked go first past the budget.
 */
export class NotificationLists {
  private readonly kept = new Map<string, { version: string; json: string }>();
  private bytes = 0;

  constructor(
    private readonly db: Db,
    private readonly budgetBytes = BUDGET_BYTES,
  ) {}

  async jsonOf(userId: string): Promise<string> {
    // Read before the list: a change between the two leaves the list kept under an older
    // version than it shows, which the next request finds different and writes anew.
    const version = await listVersionOf(this.db, userId);
    const found = this.kept.get(userId);
    if (found?.version === version) {
      // Most recently asked last (a Map keeps insertion order).
      this.kept.delete(userId);
      this.kept.set(userId, found);
      return found.json;
    }
    const json = await notificationsJsonOf(this.db, userId);
    this.keep(userId, version, json);
    return json;
  }

  private keep(userId: string, version: string, json: string): void {
    const old = this.kept.get(userId);
    if (old) {
      this.kept.delete(userId);
      this.bytes -= old.json.length;
    }
    if (json.length > this.budgetBytes / 4) return;
    this.kept.set(userId, { version, json });
    this.bytes += json.length;
    for (const [key, entry] of this.kept) {
      if (this.bytes <= this.budgetBytes) break;
      this.kept.delete(key);
      this.bytes -= entry.json.length;
    }
  }
}
