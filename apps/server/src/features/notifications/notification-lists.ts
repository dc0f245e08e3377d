import { ByteBudgetCache } from '../../platform/cache/byte-budget-cache';
import type { Db } from '../../platform/db/database';
import { keptAnswer, type KeptAnswer } from '../../platform/http/kept-answer';
import { listVersionOf, notificationsJsonOf } from './notifications.service';

/** What this instance keeps of written lists, at most (the largest list is about 240 KB). */
const BUDGET_BYTES = 32 * 1024 * 1024;

interface KeptList {
  version: string;
  answer: KeptAnswer;
}

/**
 * Users' notification lists (getnotification) as this instance last wrote them, with the version
 * they were written at (listVersionOf). A request reads the version, a fraction of a millisecond
 * over two indexes, and sends the kept answer when it is the same: a page that asks again and
 * again, or many tabs, cost that read rather than 600 rows written out, hashed and compressed.
 * Any change on any instance changes the version, so nothing stale is sent and nothing needs
 * telling. The least recently asked go first past the budget.
 */
export class NotificationLists {
  private readonly kept: ByteBudgetCache<KeptList>;

  constructor(
    private readonly db: Db,
    budgetBytes = BUDGET_BYTES,
  ) {
    this.kept = new ByteBudgetCache<KeptList>(budgetBytes, (list) => list.answer.body.length);
  }

  async answerOf(userId: string, message: string): Promise<KeptAnswer> {
    // Read before the list: a change between the two leaves the list kept under an older
    // version than it shows, which the next request finds different and writes anew.
    const version = await listVersionOf(this.db, userId);
    const found = this.kept.get(userId);
    if (found?.version === version) return found.answer;
    const answer = keptAnswer(await notificationsJsonOf(this.db, userId), message);
    this.kept.set(userId, { version, answer });
    return answer;
  }
}
