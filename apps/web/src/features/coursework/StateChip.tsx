import type { WorkState } from '@campus/contract/late-work';
import { STATE_TONES, STATE_WORDS } from './state-words';

/** A student's state on a piece of work, as a small coloured label (light enough for the home page's card). */
export function StateChip({ state }: { state: WorkState }) {
  return <span className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATE_TONES[state]}`}>{STATE_WORDS[state]}</span>;
}
