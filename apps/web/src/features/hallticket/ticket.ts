import type { PortalConfig } from '@campus/contract/config';
import type { Course } from '@campus/contract/courses';
import { formatExamTimes } from '@campus/contract/dates';
import type { User } from '@campus/contract/users';
import { formatExamDay, formatMoment, isoDayFromExamDates } from '../../lib/dates';

/**
 * What the admit card says, on screen and in the PDF. "Admit card" is its one name: the menu, the
 * page's title and heading, the button and the PDF all use it (the route stays /hallticket).
 */
export const NAME = 'Admit card';
export const EXAM_NAME = 'End-semester examination (ESE)';
/** What a paper says where its date, time or centre is not set yet. */
export const TBA = 'TBA';

export interface Paper {
  coursenumber: number;
  title: string;
  /** `YYYY-MM-DD`, or null while the professor has not set it. */
  examDate: string | null;
  /** When it starts and ends (`HH:MM`, campus time), both null while the professor has not said. */
  examStart: string | null;
  examEnd: string | null;
  /** Where the paper is sat, or null when neither the course nor the campus names a centre. */
  centre: string | null;
}

export interface Ticket {
  /** The institution's name (CAMPUS_NAME): the card's heading. */
  campusName: string;
  fullname: string;
  registrationId: number;
  /** Null until the student picks them (a first campus sign-in): the card says so, and is not signed. */
  branch: string | null;
  semester: number | null;
  /** The student's photo (a /files URL), or '' when they have none. */
  avatar: string;
  /** In the order they are sat: by exam date, those without a date (TBA) last. */
  papers: Paper[];
}

/** The centre a course's paper is sat in: the course's own, else the campus's (EXAM_CENTRE); null prints TBA. */
function centreOf(course: Pick<Course, 'examCentre'>, config: Pick<PortalConfig, 'examCentre'>): string | null {
  return course.examCentre ?? config.examCentre;
}

/** By exam date, earliest first, undated papers last; papers on the same day keep their order. */
export function inExamOrder(papers: readonly Paper[]): Paper[] {
  const key = (p: Paper) => p.examDate ?? '\uffff';
  // ISO days compare as strings; Array.prototype.sort is stable, so ties keep the joined order.
  return [...papers].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** "Thu, 3 Dec 2026", or TBA. */
export const paperDay = (paper: Paper): string => formatExamDay(paper.examDate);
/**
 * The paper's hours as the card has always printed them (`09:15 AM TO 12:15 PM`); TBA for a dated
 * paper whose course gives no time (never an invented one); null for a paper without a date: a
 * time on no day would mislead.
 */
export const paperTime = (paper: Paper): string | null => {
  if (!paper.examDate) return null;
  return formatExamTimes(paper.examStart, paper.examEnd)?.toUpperCase() ?? TBA;
};
export const paperCentre = (paper: Paper): string => paper.centre ?? TBA;

/**
 * The admit card of `user`: `courses` from /searchbystudent and `examdates` from /examdates, which
 * the server keeps in the same order, so date i belongs to course i; a list one short while the
 * two answers disagree says TBA.
 */
export function ticketOf(user: User, courses: readonly Course[], examdates: readonly string[], config: Pick<PortalConfig, 'campusName' | 'examCentre'>): Ticket {
  const papers = courses.map((course, i) => ({
    coursenumber: course.coursenumber,
    title: course.title,
    examDate: isoDayFromExamDates(examdates[i] ?? TBA),
    examStart: course.examStart ?? null,
    examEnd: course.examEnd ?? null,
    centre: centreOf(course, config),
  }));
  return {
    campusName: config.campusName,
    fullname: user.fullname,
    registrationId: user.registrationId,
    branch: user.branch,
    semester: user.semester,
    avatar: user.avatar,
    papers: inExamOrder(papers),
  };
}

/** The file the PDF is saved as (docs/product.md#hall-ticket): the student's name and registration id, then "hallticket". */
export const ticketFileName = (t: Pick<Ticket, 'fullname' | 'registrationId'>) => `${t.fullname}_${t.registrationId}_hallticket.pdf`;

/**
 * When the card's answers came from the service worker's saved copies (the network failed): the
 * older of their saved times, for the card to say how old it is; null when they are the server's.
 */
export const savedAtOf = (...savedAts: (string | undefined)[]): string | null => savedAts.filter(Boolean).sort()[0] ?? null;

/** What the card says once it is saved on this device (online): for exam day, and when. */
export const SAVED_FOR_EXAM_DAY = 'Saved on this device for exam day';
export const savedOnDevice = (savedAt: string) => `${SAVED_FOR_EXAM_DAY} · ${formatMoment(savedAt)}`;
/** …and while it is not yet (the browser keeps it a moment after the page opens online). */
export const NOT_SAVED_YET = 'Not saved on this device yet: keep this page open a moment while you are online, and it opens on exam day without a network.';

/** What the card says above itself when it is a saved copy (offline): when it was saved, and that it may have changed since. */
export const savedNotice = (savedAt: string) => `${savedOnDevice(savedAt)} — you are offline; this is the admit card as it was then.`;

/** What the card prints for a semester or branch not set yet. */
export const NOT_SET = 'Not set yet';
