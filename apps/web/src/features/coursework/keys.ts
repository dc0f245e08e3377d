/**
 * Every coursework query lives under this prefix: handing in work changes the assignment (its
 * state, what submitting now costs), the course's classwork list and the home page's "Due soon"
 * card at once, so a submission marks them all stale with one invalidation.
 */
export const courseworkKey = ['coursework'] as const;

export const courseworkKeys = {
  assignment: (assignmentId: string) => [...courseworkKey, 'assignment', assignmentId] as const,
  mySubmission: (assignmentId: string) => [...courseworkKey, 'assignment', assignmentId, 'submission'] as const,
  ofCourse: (courseId: string) => [...courseworkKey, 'course', courseId, 'assignments'] as const,
  stream: (courseId: string) => [...courseworkKey, 'course', courseId, 'stream'] as const,
  myMarks: [...courseworkKey, 'my-marks'] as const,
  dueSoon: [...courseworkKey, 'due-soon'] as const,
};
