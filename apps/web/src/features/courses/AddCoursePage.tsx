import { pages } from '@campus/contract/pages';
import { BRANCHES, DEFAULT_BRANCH, DEFAULT_SEMESTER, SEMESTERS } from '@campus/contract/constants';
import type { CreateCourseBody, CreateCourseInput } from '@campus/contract/courses';
import type { User } from '@campus/contract/users';
import { useForm } from 'react-hook-form';
import { ErrorBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { SelectField, TextAreaField, TextField } from '../../components/Field';
import { ExamTimesFields } from './ExamTimesFields';
import { FormPage } from '../../components/Page';
import { ProgressBar } from '../../components/ProgressBar';
import { useNavigateWithFlash } from '../../lib/flash';
import { deferredResolver, fileProblem, multipart } from '../../lib/forms';
import { ThumbnailField } from '../../components/ThumbnailField';
import { usePickedFile, useUpload } from '../../lib/use-upload';
import { RequireUser } from '../auth';
import { useCreateCourse } from './api/create-course';
import { courseRole } from './roles';

const COURSE_CREATED = 'Course created.';

const checks = deferredResolver(() => import('./course-checks').then((m) => m.createCourseResolver));

/** /add-course: professors other than the exam office create a course (docs/product.md#courses). */
export default function AddCoursePage() {
  return <RequireUser>{(user) => <AddCourseFor user={user} />}</RequireUser>;
}

function AddCourseFor({ user }: { user: User }) {
  const role = courseRole(user);
  if (role !== 'professor') {
    return (
      <FormPage title="Add Course">
        <p className="text-slate-700">
          {role === 'student' ? 'Only professors can create courses. Browse All Courses to join one.' : 'The exam office does not create courses.'}
        </p>
      </FormPage>
    );
  }
  return <AddCourseForm />;
}

function AddCourseForm() {
  const navigateWithFlash = useNavigateWithFlash();
  const upload = useUpload();
  const create = upload.track(useCreateCourse(upload.onProgress));
  const { register, handleSubmit, formState } = useForm<CreateCourseInput, unknown, CreateCourseBody>({
    resolver: checks.resolver,
    defaultValues: { title: '', description: '', coursenumber: '', semester: String(DEFAULT_SEMESTER), branch: DEFAULT_BRANCH, examDate: '', examStart: '', examEnd: '', examCentre: '' },
  });
  const { errors } = formState;

  // The file lives beside react-hook-form: optional, but when picked it must be a small png or jpeg.
  const thumbnail = usePickedFile((file) => file && fileProblem(file, 'thumbnail'));

  const submit = handleSubmit(
    (body) => {
      if (!thumbnail.check()) return;
      create.send(
        multipart({
          title: body.title,
          description: body.description,
          coursenumber: body.coursenumber,
          semester: body.semester,
          branch: body.branch,
          // No date picked: left out, and the admit card says TBA.
          examDate: body.examDate || undefined,
          // No times: left out, and the admit card says the time is to be announced.
          examStart: body.examStart || undefined,
          examEnd: body.examEnd || undefined,
          // None given: left out, and the admit card names the campus's exam centre.
          examCentre: body.examCentre || undefined,
          thumbnail: thumbnail.file,
        }),
        // Straight to the new course, which says it was created. Replace: Back skips the used form.
        { onSuccess: ({ data }) => navigateWithFlash(pages.course(data.course._id), COURSE_CREATED, { replace: true }) },
      );
    },
    () => thumbnail.check(),
  );

  return (
    <FormPage title="Add Course" intro="Students find it under All Courses by its title, semester and branch.">
      <form noValidate onSubmit={submit} onFocus={checks.preload} className="flex flex-col gap-4">
        <TextField label="Title" error={errors.title?.message} {...register('title')} />
        <TextAreaField label="Description" error={errors.description?.message} {...register('description')} />
        <TextField label="Course number" inputMode="numeric" hint="At least 9 digits." error={errors.coursenumber?.message} {...register('coursenumber')} />
        <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
          <SelectField label="Semester" options={SEMESTERS} error={errors.semester?.message} {...register('semester')} />
          <SelectField label="Branch" options={BRANCHES} error={errors.branch?.message} {...register('branch')} />
        </div>
        <TextField label="Exam date" type="date" hint="Optional: the admit card says TBA until it is set." error={errors.examDate?.message} {...register('examDate')} />
        <ExamTimesFields register={register} errors={errors} hint="Optional, both or neither, on the campus's clock: the admit card says the time is to be announced until they are set." />
        <TextField label="Exam centre (optional)" hint="Where the exam is sat, e.g. Main Block, Hall 2. Left empty, the admit card names the campus's exam centre." error={errors.examCentre?.message} {...register('examCentre')} />
        <ThumbnailField picked={thumbnail} disabled={create.pending} />
        {create.percent !== null && <ProgressBar percent={create.percent} />}
        <ErrorBanner message={errors.root?.message ?? create.error} />
        <Button type="submit" disabled={create.pending} aria-busy={create.pending || undefined}>
          Add Course
        </Button>
      </form>
    </FormPage>
  );
}
