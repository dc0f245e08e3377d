/**
 * Helpers for the words of emails. Values that come from users (names, titles, notification
 * content) are set into the portal's own sentences: a line break inside one would let it start a
 * line of its own ("Open this link: …") that reads as the portal's. Every value the text expects
 * on one line goes through `oneLine`.
 */

// Every way text can break a line (CR, LF, VT, FF, NEL, U+2028, U+2029) with the blanks around it,
// and the other control characters.
const BREAKS = /[\s\u0085\u2028\u2029]*[\r\n\v\f\u0085\u2028\u2029][\s\u0085\u2028\u2029]*/g;
// eslint-disable-next-line no-control-regex -- the control characters are what it removes
const CONTROLS = /[\u0000-\u0008\u000e-\u001f\u007f]/g;

/** A value on one line: each line break (and the blanks around it) becomes one space, control characters go. */
export function oneLine(value: string): string {
  return value.replace(BREAKS, ' ').replace(CONTROLS, '').trim();
}

/** Subjects stay on one line and short enough for a mail client's list. */
export const SUBJECT_MAX = 150;

export function subjectLine(value: string): string {
  const line = oneLine(value).replace(/\s+/g, ' ');
  return line.length > SUBJECT_MAX ? `${line.slice(0, SUBJECT_MAX - 1)}…` : line;
}

/** An email's first line: the recipient by the name on their account ("Hello Asha Rao,"), or "Hello," without one. */
export function greeting(name: string | undefined): string {
  const line = name === undefined ? '' : oneLine(name);
  return line ? `Hello ${line},` : 'Hello,';
}

/** A notification's text as a sentence of the email: a full stop unless it ends with one already. */
export function sentence(value: string): string {
  const line = oneLine(value);
  return /[.!?…]$/.test(line) ? line : `${line}.`;
}
