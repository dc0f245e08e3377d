import { z } from 'zod';
import { concern } from './concern';

/** The institution: its name, its time zone and its clock, where its exams sit, and whom to ask. */

/** The longest CAMPUS_NAME, EXAM_CENTRE or SUPPORT_CONTACT: it heads a printed page, fills one table cell or ends a sentence. */
const PRINTED_TEXT_MAX = 120;

/** The institution's name when CAMPUS_NAME is unset. */
const DEFAULT_CAMPUS_NAME = 'Campus Portal';

/**
 * A name printed on the admit card and in emails: one line of text. A line break or another
 * control character would split a heading or an email's subject, so it stops the start-up.
 */
const printedLine = (name: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const text = v?.trim() ?? '';
      if (text === '') return undefined;
      // eslint-disable-next-line no-control-regex
      if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(text)) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a single line of text (no line breaks or control characters)` });
        return z.NEVER;
      }
      if (text.length > PRINTED_TEXT_MAX) {
        ctx.addIssue({ code: 'custom', message: `${name} must be at most ${PRINTED_TEXT_MAX} characters` });
        return z.NEVER;
      }
      return text;
    });

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const campus = concern({
  env: {
    CAMPUS_TZ: z
      .string()
      .default('Asia/Kolkata')
      .refine(isTimeZone, { error: 'CAMPUS_TZ must be an IANA time zone such as Asia/Kolkata' }),
    CAMPUS_NAME: printedLine('CAMPUS_NAME').transform((v) => v ?? DEFAULT_CAMPUS_NAME),
    EXAM_CENTRE: printedLine('EXAM_CENTRE'),
    SUPPORT_CONTACT: printedLine('SUPPORT_CONTACT'),
  },
  config: (e) => ({
    campusTimeZone: e.CAMPUS_TZ,
    /** The institution's name (CAMPUS_NAME), printed on the admit card and in emails. */
    campusName: e.CAMPUS_NAME,
    /** EXAM_CENTRE: the exam centre printed on the admit card for a paper whose course names none; unset: none. */
    examCentre: e.EXAM_CENTRE,
    /**
     * SUPPORT_CONTACT: whom people ask about their account (an email address or an office), named
     * on the login page after an administrator switched theirs off; unset: no one is named.
     */
    supportContact: e.SUPPORT_CONTACT,
    /** The clock: "today" in the campus time zone is read from it (tests fix it). */
    now: (): Date => new Date(),
  }),
});
