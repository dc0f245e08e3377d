import type { Course } from '@campus/contract/courses';
import type { FormEvent } from 'react';
import { ErrorBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { ProgressBar } from '../../components/ProgressBar';
import { Thumbnail } from '../../components/Thumbnail';
import { ThumbnailField } from '../../components/ThumbnailField';
import { fileLimitsText, fileProblem, multipart } from '../../lib/forms';
import { usePickedFile, useUpload } from '../../lib/use-upload';
import { useUpdateCourseThumbnail } from './api/update-thumbnail';
import { refusalSentence } from '../../lib/words';

const THUMBNAIL_UPDATED = 'Thumbnail updated.';

/**
 * The Edit Course tab's thumbnail: the current one, and a picker that uploads a new one in its
 * place on its own (the course's other fields go as JSON, a file cannot).
 */
export function CourseThumbnailForm({ course, onSaved }: { course: Course; onSaved: (message: string) => void }) {
  const upload = useUpload();
  const replace = upload.track(useUpdateCourseThumbnail(course._id, upload.onProgress));
  const picked = usePickedFile((file) => (file ? fileProblem(file, 'thumbnail') : refusalSentence({ code: 'field_required', field: 'thumbnail' })));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (picked.check() && picked.file) replace.send(multipart({ thumbnail: picked.file }), { onSuccess: () => onSaved(THUMBNAIL_UPDATED) });
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby="course-thumbnail-heading" className="flex max-w-lg flex-col gap-4">
      <h2 id="course-thumbnail-heading" className="text-lg font-semibold text-campus-900">
        Course thumbnail
      </h2>
      <Thumbnail src={course.thumbnail} title={course.title} className="max-w-xs rounded-lg" />
      <ThumbnailField picked={picked} disabled={replace.pending} hint={`Pick ${fileLimitsText('thumbnail')}; it replaces the current one.`} />
      {replace.percent !== null && <ProgressBar percent={replace.percent} />}
      <ErrorBanner message={replace.error} />
      <Button type="submit" variant="secondary" disabled={replace.pending} aria-busy={replace.pending || undefined} className="self-start">
        Upload thumbnail
      </Button>
    </form>
  );
}
