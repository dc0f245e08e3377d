/**
 * Every marksheet query lives under this prefix. The rule: an application or an upload marks the
 * whole prefix stale, since either changes what the student, the applications list and the
 * applicant page show (who applied, what is answered, which marksheets exist).
 */
export const marksheetsKey = ['marksheets'] as const;

export const marksheetKeys = {
  applied: [...marksheetsKey, 'applied'] as const,
  all: [...marksheetsKey, 'all-applications'] as const,
  applications: (userId: string) => [...marksheetsKey, 'applications', userId] as const,
  marksheets: (userId: string) => [...marksheetsKey, 'marksheets', userId] as const,
  applicant: (userId: string) => [...marksheetsKey, 'applicant', userId] as const,
};
