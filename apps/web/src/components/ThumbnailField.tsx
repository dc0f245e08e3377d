import { FILE_LIMITS } from '@campus/contract/constants';
import type { usePickedFile } from '../lib/use-upload';
import { FileField } from './Field';

const MB = 1024 * 1024;

/** The optional cover image of a course or an event: a png or jpeg within the contract's limit. */
export function ThumbnailField({ picked, disabled }: { picked: ReturnType<typeof usePickedFile>; disabled: boolean }) {
  return (
    <FileField
      label="Thumbnail"
      accept={FILE_LIMITS.thumbnail.types.join(',')}
      hint={`Optional: a png or jpeg image, at most ${FILE_LIMITS.thumbnail.maxBytes / MB} MB.`}
      error={picked.problem}
      disabled={disabled}
      onFile={picked.pick}
    />
  );
}
