import { BRANCHES, SEMESTERS } from '@campus/contract/constants';
import type { Course, UpdateCourseBody, UpdateCourseInput } from '@campus/contract/courses';
import { useForm } from 'react-hook-form';
import { ErrorBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { SelectField, TextAreaField, TextField } from '../../components/Field';
import { ExamTimesFields } from './ExamTimesFields';
import { errorText } from '../../lib/api';
import { deferredResolver } from '../../lib/forms';
import { useUpdateCourse } from './api/update-course';
import { CourseThumbnailForm } from './CourseThumbnailForm';

const checks = deferredResolver(() => import('./course-checks').then((m) => m.updateCourseResolver));

/**
 * The owner's Edit Course tab: prefilled, checked with the contract's updateCourseBody, sent as
 * JSON; below it the thumbnail, replaced on its own (a file is multipart).
 */
export function EditCourseTab({ course, onSaved }: { course: Course; onSaved: (message: string) => void }) {
  const update = useUpdateCourse(course._id);
  const { register, handleSubmit, formState } = useForm<UpdateCourseInput, unknown, UpdateCourseBody>({
    resolver: checks.resolver,
    defaultValues: {
      title: course.title,
      description: course.description,
      semester: String(course.semester),
      branch: course.branch,
      examDate: course.examDate ?? '',
      examCentre: course.examCentre ?? '',
      examStart: course.examStart ?? '',
      examEnd: course.examEnd ?? '',
    },
  });
  const { errors } = formState;

  const save = handleSubmit((body) =>
    // An emptied date or centre is sent as null, which clears it; the contract reads '' as null too.
    update.mutate(
      { ...body, examDate: body.examDate ?? null, examCentre: body.examCentre ?? null, examStart: body.examStart ?? null, examEnd: body.examEnd ?? null },
      { onSuccess: () => onSaved('Course updated.') },
    ),
  );

  return (
    <div className="flex flex-col gap-10">
      <form noValidate onSubmit={save} onFocus={checks.preload} className="flex max-w-lg flex-col gap-4">
        <TextField label="Title" error={errors.title?.message} {...register('title')} />
        <TextAreaField label="Description" error={errors.description?.message} {...register('description')} />
        <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
          <SelectField label="Semester" options={SEMESTERS} error={errors.semester?.message} {...register('semester')} />
          <SelectField label="Branch" options={BRANCHES} error={errors.branch?.message} {...register('branch')} />
        </div>
        <TextField
          label="Exam date"
          type="date"
          hint="Empty it to clear the date (the admit card then says TBA). The enrolled students are told when it changes."
          error={errors.examDate?.message}
          {...register('examDate')}
        />
        <ExamTimesFields register={register} errors={errors} hint="Empty both to clear them (the admit card then says the time is to be announced). The enrolled students are told when they change." />
        <TextField label="Exam centre (optional)" hint="Where the exam is sat. Left empty, the admit card names the campus's exam centre." error={errors.examCentre?.message} {...register('examCentre')} />
        <ErrorBanner message={errors.root?.message ?? (update.isError ? errorText(update.error) : null)} />
        <Button type="submit" disabled={update.isPending} aria-busy={update.isPending || undefined} className="self-start">
          Save
        </Button>
      </form>
      <CourseThumbnailForm course={course} onSaved={onSaved} />
    </div>
  );
}
