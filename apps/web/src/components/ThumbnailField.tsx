import { FILE_LIMITS } from '@campus/contract/constants';
import type { usePickedFile } from '../lib/use-upload';
import { FileField } from './Field';

const MB = 1024 * 1024;

/** What a thumbnail may be, in words: "a png or jpeg image, at most 5 MB". */
export const THUMBNAIL_LIMITS = `a png or jpeg image, at most ${FILE_LIMITS.thumbnail.maxBytes / MB} MB`;

/**
 * The cover image of a course or an event: a png or jpeg within the contract's limit. Optional
 * unless the hint says otherwise (a form that replaces one says what an empty pick does).
 */
export function ThumbnailField({ picked, disabled, hint }: { picked: ReturnType<typeof usePickedFile>; disabled: boolean; hint?: string }) {
  return (
    <FileField
      label="Thumbnail"
      accept={FILE_LIMITS.thumbnail.types.join(',')}
      hint={hint ?? `Optional: ${THUMBNAIL_LIMITS}.`}
      error={picked.problem}
      disabled={disabled}
      onFile={picked.pick}
    />
  );
}
