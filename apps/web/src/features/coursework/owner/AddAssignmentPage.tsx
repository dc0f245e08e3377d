import type { CourseWithOwner } from '@campus/contract/courses';
import { pages } from '@campus/contract/pages';
import type { User } from '@campus/contract/users';
import { useParams } from 'react-router';
import { NotForYou } from '../../../components/NotForYou';
import { FormPage } from '../../../components/Page';
import { allOf, usePageLoad } from '../../../components/PageLoad';
import { usePortalConfig } from '../../../lib/config/portal-config';
import '../../../lib/coursework-words';
import { useNavigateWithFlash } from '../../../lib/flash';
import { multipart } from '../../../lib/forms';
import { useUpload } from '../../../lib/use-upload';
import { RequireUser } from '../../auth';
import { useCourseOf, useCreateAssignment } from './api';
import { AssignmentForm } from './AssignmentForm';
import { EMPTY_ASSIGNMENT, type AssignmentDraft } from './assignment-values';

const COURSE_NOT_FOUND = { title: 'Course not found', detail: 'It may have been deleted.', back: { to: pages.myCourses, label: 'My Courses' } };

/** /add-assignment/:courseId: the course's professor sets an assignment or a class test (docs/product.md#coursework). */
export default function AddAssignmentPage() {
  const { courseId = '' } = useParams();
  return <RequireUser>{(user) => <AddAssignment key={courseId} courseId={courseId} user={user} />}</RequireUser>;
}

function AddAssignment({ courseId, user }: { courseId: string; user: User }) {
  const q = allOf({ course: useCourseOf(courseId), config: usePortalConfig() });
  const isOwner = (data: { course: CourseWithOwner }) => data.course.course.owner === user._id;
  const page = usePageLoad(q, {
    title: (data) => (isOwner(data) ? 'Add Assignment' : 'Not your course'),
    loadingTitle: 'Add Assignment',
    notFound: COURSE_NOT_FOUND,
    loadingLabel: 'Loading course',
  });
  if (page.screen) return page.screen;
  // The server refuses anyone else (403); say so before they type anything.
  if (!isOwner(page.data)) return <NotForYou>Only the professor of this course can set its assignments and class tests.</NotForYou>;
  return <AddAssignmentForm course={page.data.course} timeZone={page.data.config.campusTimeZone} />;
}

/** The multipart body: the checked fields as text (the rubric as JSON), and each attachment. */
function formOf(fields: AssignmentDraft, attachments: File[]): FormData {
  const form = multipart({
    kind: fields.kind,
    title: fields.title,
    instructions: fields.instructions,
    maxMarks: fields.maxMarks,
    dueAt: fields.dueAt,
    graceMinutes: fields.graceMinutes,
    latePenaltyPercentPerDay: fields.latePenaltyPercentPerDay,
    // None: left out, and submissions stay open after the due time.
    closesAt: fields.closesAt,
    rubric: fields.rubric ? JSON.stringify(fields.rubric) : undefined,
    published: String(fields.published),
  });
  for (const file of attachments) form.append('attachments', file);
  return form;
}

function AddAssignmentForm({ course, timeZone }: { course: CourseWithOwner; timeZone: string }) {
  const navigateWithFlash = useNavigateWithFlash();
  const upload = useUpload();
  const create = upload.track(useCreateAssignment(course.course._id, upload.onProgress));
  return (
    <FormPage title="Add Assignment" intro={`For ${course.course.title}. Once published, the enrolled students are told and see it under Classwork.`}>
      <AssignmentForm
        initial={EMPTY_ASSIGNMENT}
        timeZone={timeZone}
        creating
        draft
        submitLabel="Add Assignment"
        saving={create}
        onSave={(fields, attachments) =>
          create.send(formOf(fields, attachments), {
            // Straight to the new assignment, which says it was created. Replace: Back skips the used form.
            onSuccess: ({ data: { assignment } }) => {
              const what = assignment.kind === 'test' ? 'Class test' : 'Assignment';
              navigateWithFlash(pages.assignment(assignment._id), assignment.published ? `${what} published.` : `${what} saved as a draft.`, { replace: true });
            },
          })
        }
      />
    </FormPage>
  );
}
