import { pages } from '@campus/contract/pages';
import { Button } from '../../components/Button';
import { useConfirmAction } from '../../components/ConfirmAction';
import { useNavigateWithFlash } from '../../lib/flash';
import { useDeleteCourse } from './api/delete-course';

const COURSE_DELETED = 'Course deleted.';

/** The owner's Delete Course tab: a danger button, then the confirmation (docs/product.md#courses); once deleted, My Courses says so. */
export function DeleteCourseTab({ courseId }: { courseId: string }) {
  const navigateWithFlash = useNavigateWithFlash();
  const remove = useConfirmAction({
    mutation: useDeleteCourse(courseId),
    variables: () => undefined,
    words: { title: 'Are you sure you want to delete this course ?', description: 'Its notes and enrolments go with it.', cancelLabel: 'No, cancel', confirmLabel: "Yes, I'm sure" },
    // replace: going back must not land on the deleted course's page.
    onDone: () => navigateWithFlash(pages.myCourses, COURSE_DELETED, { replace: true }),
  });

  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-slate-700">Deleting removes the course with its notes and enrolments. It cannot be undone.</p>
      <Button variant="danger" {...remove.trigger()}>
        Delete Course
      </Button>
      {remove.dialog}
    </div>
  );
}
