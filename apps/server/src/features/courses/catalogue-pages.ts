import { z } from 'zod';
import { ByteBudgetCache } from '../../platform/cache/byte-budget-cache';
import { keptAnswer, type KeptAnswer } from '../../platform/http/kept-answer';
import { topic, type Bus } from '../../platform/realtime/bus';

/**
 * Something the catalogue shows changed: a course, an enrolment or an owner's name. The database
 * sends it itself, at the commit of any statement that writes them (migration 0019's triggers),
 * whoever wrote: this feature, the roster, an account deleted with its courses.
 */
const catalogueChanged = topic('catalogue-changed', z.object({}));

/** What this instance keeps of catalogue pages, at most (a page of 48 is about 80 KB, the whole catalogue of 2,000 courses 3.3 MB). */
const BUDGET_BYTES = 48 * 1024 * 1024;
/** A page lives this long at most whatever happens: what a lost message could leave behind. */
const TTL_MS = 30_000;

interface KeptPage {
  answer: KeptAnswer;
  staleAt: number;
}

/**
 * The catalogue's listings that are the same for everyone (allcourses, by semester and branch,
 * the title search; each page of each), as this instance last wrote them. At the start of term the
 * whole campus opens the same few pages: each is read and written once per change, not once per
 * request, and sent as kept bytes, compressed once by its tag. Every instance forgets them all
 * when the database says the catalogue changed; this instance also at once after its own
 * writes (`forget`), so whoever changed a course sees the change on their next request, before
 * the bus's message has come round.
 */
export class CataloguePages {
  private readonly pages = new ByteBudgetCache<KeptPage>(BUDGET_BYTES, (page) => page.answer.body.length);
  /** Pages being written: requests for the same page at once wait for one query, not each their own. */
  private readonly writing = new Map<string, Promise<KeptAnswer>>();
  /** Counts forgets: a page read before one is not kept, nor given to requests after it. */
  private epoch = 0;

  constructor(
    bus: Bus,
    private readonly now: () => number = Date.now,
  ) {
    bus.on(catalogueChanged, () => this.forget());
    bus.onResume(() => this.forget());
  }

  /** The page under `key` (everything that selects it), kept or written with `write` (its data's JSON). */
  answerOf(key: string, message: string, write: () => Promise<string>): Promise<KeptAnswer> {
    const kept = this.pages.get(key);
    if (kept && kept.staleAt > this.now()) return Promise.resolve(kept.answer);
    const pending = this.writing.get(key);
    if (pending) return pending;
    const epoch = this.epoch;
    const writing = write()
      .then((json) => {
        const answer = keptAnswer(json, message);
        if (epoch === this.epoch) this.pages.set(key, { answer, staleAt: this.now() + TTL_MS });
        return answer;
      })
      .finally(() => {
        if (this.writing.get(key) === writing) this.writing.delete(key);
      });
    this.writing.set(key, writing);
    return writing;
  }

  /** Drops every page, and lets no read begun before now be kept or shared. */
  forget(): void {
    this.epoch += 1;
    this.pages.clear();
    this.writing.clear();
  }
}
