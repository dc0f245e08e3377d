import type { WorkState } from '@campus/contract/late-work';

/** How a student reads their state on a piece of work: a draft mark is not theirs to see, so "marked" is still handed in. */
export const STATE_WORDS: Record<WorkState, string> = {
  assigned: 'Assigned',
  submitted: 'Handed in',
  late: 'Handed in late',
  missing: 'Missing',
  marked: 'Handed in',
  returned: 'Returned',
  excused: 'Excused',
};

/** The chip's colours by state: what needs doing stands out, what is done is quiet. */
export const STATE_TONES: Record<WorkState, string> = {
  assigned: 'bg-campus-50 text-campus-800 ring-campus-200',
  submitted: 'bg-green-50 text-green-800 ring-green-200',
  late: 'bg-amber-50 text-amber-900 ring-amber-200',
  missing: 'bg-red-50 text-red-800 ring-red-200',
  marked: 'bg-green-50 text-green-800 ring-green-200',
  returned: 'bg-slate-100 text-slate-800 ring-slate-300',
  excused: 'bg-slate-100 text-slate-800 ring-slate-300',
};
