import type { FileKind } from '@campus/contract';
import type { FileRow, UserRow } from '../../db/schema';

/**
 * Who may download a file, by kind. Features register the rule for the kinds they own (notes:
 * course readers; marksheets: owner and exam office); a kind with no rule is refused.
 */
export type FileAccessRule = (user: UserRow, file: FileRow) => boolean | Promise<boolean>;

/**
 * What a file of a kind is called where people see it (a note's title, "Marksheet semester 3"):
 * its download is named after it. Without one, or when it answers undefined, the uploaded name.
 */
export type FileTitle = (file: FileRow) => Promise<string | undefined>;

export class FileAccessRegistry {
  private readonly rules = new Map<string, FileAccessRule>();
  private readonly titles = new Map<string, FileTitle>();

  register(kind: FileKind, rule: FileAccessRule, title?: FileTitle): void {
    if (this.rules.has(kind)) throw new Error(`file access rule for ${kind} registered twice`);
    this.rules.set(kind, rule);
    if (title) this.titles.set(kind, title);
  }

  async allows(user: UserRow, file: FileRow): Promise<boolean> {
    const rule = this.rules.get(file.kind);
    return rule ? await rule(user, file) : false;
  }

  async titleOf(file: FileRow): Promise<string | undefined> {
    return this.titles.get(file.kind)?.(file);
  }
}
