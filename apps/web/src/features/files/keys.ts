/**
 * The viewer's one query: a file's stored type. The rule: never invalidated; a file URL names
 * one stored file, whose type does not change.
 */
export const fileKeys = {
  type: (file: string | null) => ['file-type', file] as const,
};
