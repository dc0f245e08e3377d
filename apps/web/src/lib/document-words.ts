/**
 * The signed documents' words (the admit card's token, a marksheet's, a check of one): added to
 * lib/words when this module loads, which only the pages that sign or check documents will (the
 * hall ticket's QR code and /verify, the web half of issue 26), so the first load of every other
 * page stays without them. Until they come, only `words.test.ts` loads it.
 */
import type { REFUSALS } from '@campus/contract/messages';
import { addWords } from './words';

addWords({
  exact: [['no exam dates yet' satisfies (typeof REFUSALS)['noExamDatesYet'], 'None of your courses has an exam date yet, so there is no admit card to sign.']],
});
