import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { finalMarks, isPastDue, lateness, rubricMarks, rubricMaximum, workState } from './late-work';

const due = '2026-12-01T12:00:00.000Z';
const at = (minutes: number, seconds = 0) => new Date(Date.parse(due) + minutes * 60_000 + seconds * 1000);

describe('lateness: the hand table (grace 15 minutes, 10 % a day)', () => {
  const policy = { dueAt: due, graceMinutes: 15, latePenaltyPercentPerDay: 10 };
  it.each([
    // submitted at (minutes, seconds after due) → lateMinutes, penalty
    [-600, 0, 0, 0],
    [0, 0, 0, 0],
    [14, 59, 0, 0], // 14 min 59 s: a part minute is a whole one, 15 ≤ the grace
    [15, 0, 0, 0],
    [15, 1, 1, 10], // 15 min 1 s counts as 16 minutes: 1 past the grace, the first day begun
    [20, 0, 5, 10],
    [15 + 1440, 0, 1440, 10], // exactly one day late: one day's penalty
    [15 + 1440, 1, 1441, 20], // a second into the second day
    [15 + 3 * 1440, 0, 4320, 30],
    [15 + 10 * 1440, 0, 14_400, 100],
    [15 + 11 * 1440, 0, 15_840, 100], // never past 100 %
  ])('%i min %i s after due: %i minutes late, %i %%', (minutes, seconds, lateMinutes, penalty) => {
    expect(lateness(policy, at(minutes, seconds))).toEqual({ lateMinutes, penalty });
  });

  it('takes ISO strings and Dates alike, and no grace means the first part minute is late', () => {
    expect(lateness({ dueAt: new Date(due), graceMinutes: 0, latePenaltyPercentPerDay: 25 }, at(0, 1).toISOString())).toEqual({ lateMinutes: 1, penalty: 25 });
    expect(lateness({ dueAt: due, graceMinutes: 0, latePenaltyPercentPerDay: 0 }, at(5000))).toEqual({ lateMinutes: 5000, penalty: 0 });
  });
});

describe('finalMarks: marks × (100 − penalty) / 100, half up to two decimals', () => {
  it.each([
    [10, 0, 10],
    [10, 10, 9],
    [7.5, 10, 6.75],
    [12.35, 10, 11.12], // 11.115 rounds half up
    [0.05, 10, 0.05], // 0.045 rounds half up
    [33.33, 33, 22.33], // 22.3311
    [99.99, 1, 98.99], // 98.9901
    [50, 100, 0],
    [0, 50, 0],
    [1000, 7, 930],
    [0.01, 50, 0.01], // 0.005 rounds half up
  ])('%d marks less %i %% is %d', (marks, penalty, expected) => {
    expect(finalMarks(marks, penalty)).toBe(expected);
  });

  it('never exceeds the marks, never falls below zero, and has at most two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 100 }), (hundredths, penalty) => {
        const marks = hundredths / 100;
        const f = finalMarks(marks, penalty);
        expect(f).toBeGreaterThanOrEqual(0);
        expect(f).toBeLessThanOrEqual(marks);
        expect(Math.round(f * 100)).toBeCloseTo(f * 100, 6);
        // Exactly the rational result, rounded half up, checked with integers only.
        const exact = hundredths * (100 - penalty); // in 1/10000
        const expected = Math.floor(exact / 100) + (exact % 100 >= 50 ? 1 : 0);
        expect(Math.round(f * 100)).toBe(expected);
      }),
    );
  });
});

describe('lateness, for any submission time', () => {
  it('is 0 within the grace, grows with time after it, and the penalty is a whole number of days, capped', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100_000, max: 40_000 }),
        fc.integer({ min: 0, max: 59 }),
        fc.integer({ min: 0, max: 1440 }),
        fc.integer({ min: 0, max: 100 }),
        (minutes, seconds, graceMinutes, perDay) => {
          const { lateMinutes, penalty } = lateness({ dueAt: due, graceMinutes, latePenaltyPercentPerDay: perDay }, at(minutes, seconds));
          const started = minutes + (seconds > 0 ? 1 : 0);
          expect(lateMinutes).toBe(Math.max(0, started - graceMinutes));
          if (started <= graceMinutes) expect(penalty).toBe(0);
          expect(penalty).toBe(Math.min(100, Math.ceil(lateMinutes / 1440) * perDay));
          expect(penalty % Math.max(1, perDay) === 0 || penalty === 100).toBe(true);
          const later = lateness({ dueAt: due, graceMinutes, latePenaltyPercentPerDay: perDay }, at(minutes + 1, seconds));
          expect(later.lateMinutes).toBeGreaterThanOrEqual(lateMinutes);
          expect(later.penalty).toBeGreaterThanOrEqual(penalty);
        },
      ),
    );
  });
});

describe('rubrics', () => {
  const rubric = [
    { criterion: 'Correctness', levels: [{ label: 'Wrong', marks: 0 }, { label: 'Partly', marks: 2.5 }, { label: 'Right', marks: 5 }] },
    { criterion: 'Clarity', levels: [{ label: 'Unclear', marks: 0.1 }, { label: 'Clear', marks: 0.2 }] },
  ];
  it('adds the chosen levels exactly and knows its maximum', () => {
    expect(rubricMarks(rubric, [1, 1])).toBe(2.7);
    expect(rubricMarks(rubric, [0, 0])).toBe(0.1);
    expect(rubricMaximum(rubric)).toBe(5.2);
    expect(rubricMaximum([{ criterion: 'a', levels: [{ label: 'x', marks: 0.1 }] }, { criterion: 'b', levels: [{ label: 'y', marks: 0.2 }] }])).toBe(0.3);
  });
});

describe('workState', () => {
  const none = { submission: null, mark: null };
  it.each([
    [{ kind: 'assignment', ...none, pastDue: false }, 'assigned'],
    [{ kind: 'assignment', ...none, pastDue: true }, 'missing'],
    [{ kind: 'test', ...none, pastDue: true }, 'assigned'],
    [{ kind: 'assignment', submission: { lateMinutes: 0 }, mark: null, pastDue: true }, 'submitted'],
    [{ kind: 'assignment', submission: { lateMinutes: 3 }, mark: null, pastDue: true }, 'late'],
    [{ kind: 'assignment', submission: { lateMinutes: 3 }, mark: { excused: false, returnedAt: null }, pastDue: true }, 'marked'],
    [{ kind: 'test', submission: null, mark: { excused: false, returnedAt: '2026-12-02T00:00:00Z' }, pastDue: true }, 'returned'],
    [{ kind: 'assignment', submission: null, mark: { excused: true, returnedAt: '2026-12-02T00:00:00Z' }, pastDue: true }, 'excused'],
  ] as const)('%o is %s', (facts, state) => {
    expect(workState(facts)).toBe(state);
  });

  it('is past due only once the grace is over', () => {
    expect(isPastDue({ dueAt: due, graceMinutes: 15 }, at(15))).toBe(false);
    expect(isPastDue({ dueAt: due, graceMinutes: 15 }, at(15, 1))).toBe(true);
  });
});
