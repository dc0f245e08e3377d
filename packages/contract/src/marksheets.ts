import { z } from 'zod';
import { semesterField } from './fields';

/** POST /applications/createapplication */
export const createApplicationBody = z.object({ semester: semesterField });
export type CreateApplicationBody = z.infer<typeof createApplicationBody>;

/** POST /marksheets/createmarksheet/:applicantId: the text field beside the `marksheet` file. */
export const createMarksheetBody = z.object({ semester: semesterField });

/** A marksheet request (API.md "Marksheet requests"). */
export interface Application {
  _id: string;
  /** The applicant's user id. */
  from: string;
  /** Who asked, for lists that group requests by student. */
  applicant: { fullname: string; registrationId: number };
  content: string;
  semester: number;
  /** True once the exam office has uploaded that semester's marksheet. */
  replied: boolean;
  createdAt: string;
}

export interface Marksheet {
  _id: string;
  semester: number;
  /** The download URL: only its owner and the exam office may fetch it. */
  marksheet: string;
  owner: string;
  createdAt: string;
}

export interface ApplicationList {
  allapplications: Application[];
}

export interface SemestersApplied {
  listofsemesterapplied: number[];
}

export interface MarksheetList {
  allapplicantmarksheets: Marksheet[];
}
