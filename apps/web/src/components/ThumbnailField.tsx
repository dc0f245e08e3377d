import { FILE_LIMITS } from '@campus/contract/constants';
import { fileLimitsText } from '../lib/forms';
import type { usePickedFile } from '../lib/use-upload';
import { FileField } from './Field';

/**
 * The cover image of a course or an event: a png or jpeg within the contract's limit. Optional
 * unless the hint says otherwise (a form that replaces one says what an empty pick does).
 */
export function ThumbnailField({ picked, disabled, hint }: { picked: ReturnType<typeof usePickedFile>; disabled: boolean; hint?: string }) {
  return (
    <FileField
      label="Thumbnail"
      accept={FILE_LIMITS.thumbnail.accept}
      hint={hint ?? `Optional: ${fileLimitsText('thumbnail')}.`}
      error={picked.problem}
      disabled={disabled}
      onFile={picked.pick}
    />
  );
}
