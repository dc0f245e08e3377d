/**
 * The signed documents' words (the admit card's token, a marksheet's, a check of one): added to
 * lib/words when this module loads, which only the pages that sign or check documents will (the
 * hall ticket's QR code and /verify, the web half of issue 26), so the first load of every other
 * page stays without them. Until they come, only `words.test.ts` loads it.
 */
import { addWords } from './words';

addWords({
  sentences: {
    no_exam_dates_yet: () => 'None of your courses has an exam date yet, so there is no admit card to sign.',
    admit_card_needs_cohort: () => 'Your admit card needs your semester and branch: choose them first.',
  },
});

/** What /verify says of a document: the verdict's title and the sentence under it. */
export const VERDICTS = {
  genuine: { title: 'Genuine', text: 'This document was issued by the portal and has not been changed since.' },
  expired: { title: 'Expired', text: 'This admit card was issued by the portal, but its exams are over: it is no longer valid.' },
  replaced: { title: 'Replaced', text: 'The exam office has since issued a new marksheet for this semester: this one is no longer valid.' },
  invalid: { title: 'Not genuine', text: 'This code was not issued by the portal, or it was changed after it was issued. Do not accept the document.' },
} as const;

/** Said under a verdict reached on this device, without the portal. */
export const CHECKED_OFFLINE = 'Checked on this device without a network, against the portal’s keys saved';
/** Said online of a genuine admit card whose exam dates are no longer the student's (POST /verify's `current: false`). */
export const NEWER_CARD = 'An exam date has changed since this card was printed: it is not the current card. Ask the student for the new one (they download it again from the portal).';
/** Said under an admit card checked without a network: its dates are the card's own. */
export const DATES_NEED_NETWORK = 'The dates shown are the card’s own: whether one has changed since it was printed can only be checked online.';
export const REPLACED_NEEDS_NETWORK = 'Whether the exam office has replaced this marksheet since can only be checked online.';
export const NO_KEYS = 'This device cannot check the code: the portal cannot be reached and its keys were never saved here. Open this page once with a network, then it checks without one.';
