import type { Assignment, UpdateAssignmentBody } from '@campus/contract/coursework';
import type { CourseWithOwner } from '@campus/contract/courses';
import { pages } from '@campus/contract/pages';
import type { User } from '@campus/contract/users';
import { useParams } from 'react-router';
import { NotForYou } from '../../../components/NotForYou';
import { FormPage } from '../../../components/Page';
import { allOf, usePageLoad } from '../../../components/PageLoad';
import { errorText } from '../../../lib/api';
import { usePortalConfig } from '../../../lib/config/portal-config';
import { useNavigateWithFlash } from '../../../lib/flash';
import { RequireUser } from '../../auth';
import { useAssignment } from '../api/assignments';
import { useCourseOf, useUpdateAssignment } from './api';
import { AssignmentForm } from './AssignmentForm';
import { sameMinute } from './campus-clock';
import type { AssignmentDraft } from './assignment-values';
import { valuesOf } from './edit-values';

const ASSIGNMENT_NOT_FOUND = { title: 'Assignment not found', detail: 'It may have been deleted.', back: { to: pages.myCourses, label: 'My Courses' } };

/** /assignment/:assignmentId/edit: the course's professor changes an assignment, with the Add Assignment form filled in. */
export default function EditAssignmentPage() {
  const { assignmentId = '' } = useParams();
  return <RequireUser>{(user) => <EditAssignment key={assignmentId} assignmentId={assignmentId} user={user} />}</RequireUser>;
}

function EditAssignment({ assignmentId, user }: { assignmentId: string; user: User }) {
  const assignment = useAssignment(assignmentId);
  const courseId = assignment.data?.courseId ?? '';
  const q = allOf({ assignment, course: useCourseOf(courseId, courseId !== ''), config: usePortalConfig() });
  const isOwner = (data: { course: CourseWithOwner }) => data.course.course.owner === user._id;
  const page = usePageLoad(q, {
    title: (data) => (isOwner(data) ? 'Edit Assignment' : 'Not your course'),
    loadingTitle: 'Edit Assignment',
    notFound: ASSIGNMENT_NOT_FOUND,
    loadingLabel: 'Loading assignment',
  });
  if (page.screen) return page.screen;
  // An enrolled student can read the assignment, but only its professor may change it (403).
  if (!isOwner(page.data)) return <NotForYou>Only the professor of this course can edit its assignments.</NotForYou>;
  return <EditAssignmentForm assignment={page.data.assignment} timeZone={page.data.config.campusTimeZone} />;
}

/** The fields the edit changed, and only those: an unchanged due time must not tell the class it moved. */
function changesOf(a: Assignment, fields: AssignmentDraft): UpdateAssignmentBody {
  const body: UpdateAssignmentBody = {};
  if (fields.title !== a.title) body.title = fields.title;
  if (fields.instructions !== a.instructions) body.instructions = fields.instructions;
  if (fields.maxMarks !== a.maxMarks) body.maxMarks = fields.maxMarks;
  if (!sameMinute(fields.dueAt, a.dueAt)) body.dueAt = fields.dueAt;
  if (fields.graceMinutes !== a.graceMinutes) body.graceMinutes = fields.graceMinutes;
  if (fields.latePenaltyPercentPerDay !== a.latePenaltyPercentPerDay) body.latePenaltyPercentPerDay = fields.latePenaltyPercentPerDay;
  if (!sameMinute(fields.closesAt, a.closesAt)) body.closesAt = fields.closesAt;
  if (JSON.stringify(fields.rubric) !== JSON.stringify(a.rubric)) body.rubric = fields.rubric;
  if (fields.published !== a.published) body.published = fields.published;
  return body;
}

function EditAssignmentForm({ assignment, timeZone }: { assignment: Assignment; timeZone: string }) {
  const navigateWithFlash = useNavigateWithFlash();
  const update = useUpdateAssignment(assignment._id);
  const back = (message: string) => navigateWithFlash(pages.assignment(assignment._id), message, { replace: true });
  return (
    <FormPage title="Edit Assignment" intro="The enrolled students are told when the due time changes.">
      <AssignmentForm
        initial={valuesOf(assignment, timeZone)}
        timeZone={timeZone}
        creating={false}
        draft={!assignment.published}
        submitLabel="Save changes"
        saving={{ percent: null, pending: update.isPending, error: update.isError ? errorText(update.error) : null }}
        onSave={(fields) => {
          const body = changesOf(assignment, fields);
          // Nothing changed: nothing to send. Back to the assignment, which says so.
          if (Object.keys(body).length === 0) return back('Nothing was changed.');
          // Back to the assignment, which says it was saved. Replace: Back skips the used form.
          update.mutate(body, { onSuccess: () => back('Assignment updated.') });
        }}
      />
    </FormPage>
  );
}
