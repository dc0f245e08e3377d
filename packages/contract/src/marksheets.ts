import { z } from 'zod';
import { DECLINE_REASON_MAX } from './constants';
import { endpoint } from './endpoint';
import { requiredLine, semesterField } from './fields';
import { API_PREFIX } from './prefix';

/** POST /applications/createapplication */
export const createApplicationBody = z.object({ semester: semesterField });
export type CreateApplicationBody = z.infer<typeof createApplicationBody>;

/** POST /marksheets/createmarksheet/:applicantId: the text field beside the `marksheet` file. */
export const createMarksheetBody = z.object({ semester: semesterField });

/** POST /applications/decline/:applicationId: why the exam office will not send this marksheet. */
export const declineApplicationBody = z.object({ reason: requiredLine('reason', DECLINE_REASON_MAX) });
export type DeclineApplicationBody = z.infer<typeof declineApplicationBody>;

/** A marksheet request. */
export const applicationSchema = z.object({
  _id: z.string(),
  /** The applicant's user id. */
  from: z.string(),
  /** Who asked, for lists that group requests by student. */
  applicant: z.object({ fullname: z.string(), registrationId: z.number().int() }),
  content: z.string(),
  semester: z.number().int(),
  /** True once the exam office has answered: uploaded that semester's marksheet, or declined. */
  replied: z.boolean(),
  /** True when the exam office declined the request; the student may then ask again. */
  declined: z.boolean(),
  /** Why it was declined, in the exam office's words; null unless declined. */
  reason: z.string().nullable(),
  createdAt: z.string(),
}).meta({ id: 'Application' });
export type Application = z.infer<typeof applicationSchema>;

export const marksheetSchema = z.object({
  _id: z.string(),
  semester: z.number().int(),
  /** The download URL: only its owner and the exam office may fetch it. */
  marksheet: z.string(),
  owner: z.string(),
  createdAt: z.string(),
}).meta({ id: 'Marksheet' });
export type Marksheet = z.infer<typeof marksheetSchema>;

export const applicationListSchema = z.object({ allapplications: z.array(applicationSchema) });
export type ApplicationList = z.infer<typeof applicationListSchema>;

export const semestersAppliedSchema = z.object({ listofsemesterapplied: z.array(z.number().int()) });
export type SemestersApplied = z.infer<typeof semestersAppliedSchema>;

export const marksheetListSchema = z.object({ allapplicantmarksheets: z.array(marksheetSchema) });
export type MarksheetList = z.infer<typeof marksheetListSchema>;

const marksheetData = z.object({ marksheet: marksheetSchema });

const A = `${API_PREFIX}/applications`;
const M = `${API_PREFIX}/marksheets`;

/** Marksheet requests: students ask. */
export const applicationsApi = {
  create: endpoint({
    method: 'POST',
    path: `${A}/createapplication`,
    summary: 'Ask for a semester’s marksheet (at most your own semester)',
    body: createApplicationBody,
    data: z.object({ application: applicationSchema }),
    status: 201,
    errors: ['choose_semester_and_branch', 'cannot_apply', 'marksheet_exists', 'already_applied'],
  }),
  semestersApplied: endpoint({ method: 'GET', path: `${A}/semesterapplied`, summary: 'The semesters I have asked for (open or sent; a declined request does not count)', data: semestersAppliedSchema }),
  all: endpoint({ method: 'GET', path: `${A}/allapplications`, summary: 'Every request, open ones first (exam office)', data: applicationListSchema }),
  ofUser: endpoint({
    method: 'GET',
    path: `${A}/applicationofuser/:userId`,
    summary: 'A student’s requests by semester (the student or the exam office)',
    data: applicationListSchema,
    errors: ['user_not_found'],
  }),
  decline: endpoint({
    method: 'POST',
    path: `${A}/decline/:applicationId`,
    summary: 'Decline an open request with a reason the student reads (exam office)',
    body: declineApplicationBody,
    data: z.object({ application: applicationSchema }),
    errors: ['application_not_found', 'application_answered'],
  }),
};

/** Marksheet requests: the exam office answers. */
export const marksheetsApi = {
  ofUser: endpoint({
    method: 'GET',
    path: `${M}/getallapplicantmarksheets/:userId`,
    summary: 'A student’s marksheets by semester (the student or the exam office)',
    data: marksheetListSchema,
    errors: ['user_not_found'],
  }),
  exists: endpoint({
    method: 'GET',
    path: `${M}/marksheetexists/:userId/:semester`,
    summary: 'One semester’s marksheet, or 404',
    data: marksheetData,
    errors: ['user_not_found', 'marksheet_not_found'],
  }),
  create: endpoint({
    method: 'POST',
    path: `${M}/createmarksheet/:applicantId`,
    summary: 'Upload a student’s marksheet (exam office; multipart semester + marksheet)',
    multipart: { fields: createMarksheetBody, file: { field: 'marksheet', kind: 'marksheet', required: true } },
    data: marksheetData,
    status: 201,
    errors: ['applicant_not_found', 'choose_semester_and_branch', 'semester_above_applicants', 'marksheet_upload_in_progress'],
  }),
};
