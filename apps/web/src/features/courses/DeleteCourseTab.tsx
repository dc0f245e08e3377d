import { useState } from 'react';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorText } from '../../lib/api';
import { useNavigateWithFlash } from '../../lib/flash';
import { useDeleteCourse } from './api/delete-course';

const COURSE_DELETED = 'Course deleted.';

/** The owner's Delete Course tab: a danger button, then the confirmation (docs/product.md#courses); once deleted, My Courses says so. */
export function DeleteCourseTab({ courseId }: { courseId: string }) {
  const navigateWithFlash = useNavigateWithFlash();
  const [open, setOpen] = useState(false);
  const remove = useDeleteCourse(courseId);

  // replace: going back must not land on the deleted course's page.
  const confirm = () => remove.mutate(undefined, { onSuccess: () => navigateWithFlash('/my-courses', COURSE_DELETED, { replace: true }) });

  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-slate-700">Deleting removes the course with its notes and enrolments. It cannot be undone.</p>
      <Button
        variant="danger"
        onClick={() => {
          remove.reset();
          setOpen(true);
        }}
      >
        Delete Course
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Are you sure you want to delete this course ?"
        description="Its notes and enrolments go with it."
        cancelLabel="No, cancel"
        confirmLabel="Yes, I'm sure"
        onConfirm={confirm}
        pending={remove.isPending}
        error={remove.isError ? errorText(remove.error) : null}
      />
    </div>
  );
}
