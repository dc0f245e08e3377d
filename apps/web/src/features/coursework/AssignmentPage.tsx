import { pages } from '@campus/contract/pages';
import type { CurrentUser } from '@campus/contract/users';
import { Suspense, lazy } from 'react';
import { useParams } from 'react-router';
import { usePageLoad } from '../../components/PageLoad';
import { Spinner } from '../../components/Spinner';
import '../../lib/coursework-words';
import { RequireUser, isStudent } from '../auth';
import { useAssignment } from './api/assignments';
import { StudentAssignment } from './StudentAssignment';

const OwnerAssignment = lazy(() => import('./owner/OwnerAssignment'));

/**
 * /assignment/:assignmentId. Only the course's owner and its enrolled students are answered (the
 * rest get 404), and only students enrol: so a student here is enrolled, and anyone else answered
 * is the owner, who gets the marking view (its code its own chunk, never a student's).
 */
export default function AssignmentPage() {
  const { assignmentId = '' } = useParams();
  return <RequireUser>{(user) => <AssignmentView key={assignmentId} assignmentId={assignmentId} user={user} />}</RequireUser>;
}

function AssignmentView({ assignmentId, user }: { assignmentId: string; user: CurrentUser }) {
  const q = useAssignment(assignmentId);
  const page = usePageLoad(q, {
    title: (a) => a.title,
    loadingTitle: 'Assignment',
    notFound: { title: 'Assignment not found', detail: 'It may have been deleted.', back: { to: pages.myCourses, label: 'My Courses' } },
    loadingLabel: 'Loading assignment',
  });
  if (page.screen) return page.screen;
  if (isStudent(user)) return <StudentAssignment assignment={page.data} />;
  return (
    <Suspense fallback={<Spinner label="Loading assignment" />}>
      <OwnerAssignment assignment={page.data} />
    </Suspense>
  );
}
