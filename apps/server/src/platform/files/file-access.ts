import type { FileKind } from '@campus/contract';
import type { FileRow, UserRow } from '../../db/schema';

/**
 * Who may download a file, by kind. Features register the rule for the kinds they own (notes:
 * course readers; marksheets: owner and exam office); a kind with no rule is refused.
 */
export type FileAccessRule = (user: UserRow, file: FileRow) => boolean | Promise<boolean>;

export class FileAccessRegistry {
  private readonly rules = new Map<string, FileAccessRule>();

  register(kind: FileKind, rule: FileAccessRule): void {
    if (this.rules.has(kind)) throw new Error(`file access rule for ${kind} registered twice`);
    this.rules.set(kind, rule);
  }

  async allows(user: UserRow, file: FileRow): Promise<boolean> {
    const rule = this.rules.get(file.kind);
    return rule ? await rule(user, file) : false;
  }
}
