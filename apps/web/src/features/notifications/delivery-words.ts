import type { Delivery, NotificationKind, UnsubscribeScope } from '@campus/contract/notifications';

/** Each kind as the settings page names and explains it. */
export const KIND_TEXT: Record<NotificationKind, { title: string; about: string }> = {
  courses: { title: 'Courses', about: 'New courses for your branch and semester, students joining or leaving, a course deleted.' },
  notes: { title: 'Notes', about: 'New notes in the courses you joined.' },
  marksheets: { title: 'Marksheets', about: 'Marksheets ready, and requests for them.' },
  exams: { title: 'Exams', about: 'An exam date set, moved or removed in a course you joined.' },
  coursework: { title: 'Coursework', about: 'Assignments set or moved, marks returned, announcements and comments, and a reminder the day before work is due.' },
};

export const DELIVERY_TEXT: Record<Delivery, { label: string; needsMail: boolean }> = {
  inapp: { label: 'In the portal only', needsMail: false },
  immediate: { label: 'An email at once', needsMail: true },
  daily: { label: 'A daily digest email', needsMail: true },
};

/** What an unsubscribe link stops, in a sentence: "emails about courses". */
export const SCOPE_TEXT: Record<UnsubscribeScope, string> = {
  courses: 'emails about courses',
  notes: 'emails about notes',
  marksheets: 'emails about marksheets',
  exams: 'emails about exam dates',
  coursework: 'emails about coursework',
  digest: 'the daily digest email',
};
