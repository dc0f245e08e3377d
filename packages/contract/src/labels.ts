/**
 * What people call each field. Every message that names a field says it with this label
 * ("Registration ID must be a number"), never the JSON key: the server's 400s, the forms' inline
 * errors and the web's own checks all read their words from here, so they say the same thing.
 * The keys are the field names on the wire, which stay as they are.
 */
export const fieldLabels = {
  registrationId: 'Registration ID',
  email: 'Email',
  fullname: 'Full name',
  password: 'Password',
  semester: 'Semester',
  branch: 'Branch',
  userrole: 'Role',
  staffcode: 'Staff signup code',
  oldpassword: 'Current password',
  // Update-account's proof, when the email changes (change-password's is `oldpassword`).
  currentPassword: 'Current password',
  newpassword: 'New password',
  // The token of an emailed link: a password reset's, an email confirmation's or an unsubscribe's.
  token: 'Token',
  confirm: 'Confirmation',
  avatar: 'Avatar',
  title: 'Title',
  description: 'Description',
  coursenumber: 'Course number',
  examDate: 'Exam date',
  examCentre: 'Exam centre',
  examStart: 'Exam start time',
  examEnd: 'Exam end time',
  thumbnail: 'Thumbnail',
  filename: 'File name',
  notesfile: 'Notes file',
  date: 'Date',
  time: 'Time',
  venue: 'Venue',
  instagram: 'Instagram link',
  twitter: 'Twitter link',
  linkedin: 'LinkedIn link',
  gform: 'Google form link',
  marksheet: 'Marksheet',
  // Why the exam office declined a marksheet request.
  reason: 'Reason',
  limit: 'Limit',
  cursor: 'Cursor',
  lastEventId: 'Last event ID',
  // The administration's search and filters, and a user's roles and state.
  q: 'Search',
  role: 'Role',
  active: 'Active',
  isAdmin: 'Administrator',
  isExamOffice: 'Exam office',
  actor: 'Actor',
  target: 'Target',
  action: 'Action',
  // The audit log's days.
  from: 'From',
  to: 'To',
  // The registrar's roster: an import's kind and whether it only previews, and its columns.
  kind: 'Kind',
  dryRun: 'Dry run',
  // The file's own column names, each to a roster column (a registrar's export names them its way).
  columns: 'Columns',
  file: 'File',
  // The upload kind of the roster's CSV (FILE_LIMITS.roster), named in its size refusal.
  roster: 'Roster file',
  owner: 'Owner',
  // Coursework: an assignment or class test, a submission, marks and the stream.
  instructions: 'Instructions',
  maxMarks: 'Maximum marks',
  dueAt: 'Due time',
  graceMinutes: 'Grace period (minutes)',
  latePenaltyPercentPerDay: 'Late penalty (% a day)',
  closesAt: 'Closing time',
  rubric: 'Rubric',
  criterion: 'Criterion',
  label: 'Level',
  published: 'Published',
  attachments: 'Attachments',
  // The upload kinds of an assignment's attachments and a submission's files (FILE_LIMITS).
  attachment: 'Attachment',
  submission: 'Submission file',
  files: 'Files',
  uploads: 'Uploads',
  text: 'Text',
  marks: 'Marks',
  feedback: 'Feedback',
  excused: 'Excused',
  studentIds: 'Students',
  format: 'Format',
  status: 'Status',
} as const;

export type LabelledField = keyof typeof fieldLabels;

/**
 * A field's label; a key without one (a new field someone forgot to add) still reads as a word,
 * capitalised, rather than failing.
 */
export function fieldLabel(field: string): string {
  return (fieldLabels as Record<string, string>)[field] ?? field.charAt(0).toUpperCase() + field.slice(1);
}
