import type { Course } from '@campus/contract/courses';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/Banner';
import { errorText } from '../../lib/api';
import { useMembership } from './api/membership';
import { isEnrolled } from './roles';

/** Join or Leave for a student (spec §4 "Course membership"); the server's refusal shows in red under it. */
export function MembershipButton({ course, userId, className = '' }: { course: Course; userId: string; className?: string }) {
  const membership = useMembership(course._id);
  const joined = isEnrolled(course.students, userId);
  return (
    <div className={`flex flex-col gap-2 ${className}`}>
      <Button
        variant={joined ? 'secondary' : 'primary'}
        disabled={membership.isPending}
        aria-busy={membership.isPending || undefined}
        onClick={() => membership.mutate(joined ? 'leave' : 'join')}
      >
        {joined ? 'Leave' : 'Join'}
      </Button>
      <ErrorBanner message={membership.isError ? errorText(membership.error) : null} />
    </div>
  );
}
