import type { Course } from '@campus/contract/courses';
import { useLocation } from 'react-router';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/Banner';
import { useConfirmAction } from '../../components/ConfirmAction';
import { errorText } from '../../lib/api';
import { useNavigateWithFlash } from '../../lib/flash';
import { useMembership } from './api/membership';
import { isEnrolled } from './roles';

/**
 * Join or Leave for a student (docs/product.md#courses); the server's refusal shows in red
 * under it. Leaving takes away the notes and the exam on the admit card, so it asks first, and
 * says afterwards that it is done: as a flash on the same page, since on My Courses the course's
 * card (and this button) goes with it.
 */
export function MembershipButton({ course, userId, className = '' }: { course: Course; userId: string; className?: string }) {
  const membership = useMembership(course._id);
  const joined = isEnrolled(course.students, userId);
  const location = useLocation();
  const navigateWithFlash = useNavigateWithFlash();
  const leave = useConfirmAction({
    mutation: membership,
    variables: () => 'leave' as const,
    words: {
      title: `Leave ${course.title}?`,
      description: 'You will no longer be able to read its notes, and its exam will be dropped from your admit card. You can join again later.',
      cancelLabel: 'Stay',
      confirmLabel: 'Leave course',
    },
    onDone: () => navigateWithFlash(`${location.pathname}${location.search}`, `You left ${course.title}.`, { replace: true }),
  });

  return (
    <div className={`flex flex-col gap-2 ${className}`}>
      <Button
        variant={joined ? 'secondary' : 'primary'}
        disabled={membership.isPending}
        aria-busy={membership.isPending || undefined}
        // Leave asks first (and fetches the dialog's code as the pointer or focus comes near); Join does not.
        {...(joined ? leave.trigger() : { onClick: () => membership.mutate('join') })}
      >
        {joined ? 'Leave' : 'Join'}
      </Button>
      {!leave.open && <ErrorBanner message={membership.isError ? errorText(membership.error) : null} />}
      {leave.dialog}
    </div>
  );
}
