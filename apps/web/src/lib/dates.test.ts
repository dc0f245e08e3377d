import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDay, formatExamDay, formatMoment, isoDayFromExamDates } from './dates';

describe('dates', () => {
  it('writes a day with the month by name, never as 14/12/2026', () => {
    expect(formatDay('2026-12-14')).toBe('14 Dec 2026');
    expect(formatDay('2026-09-03', { weekday: true })).toBe('Thu, 3 Sep 2026');
    expect(formatExamDay('2026-12-10')).toBe('Thu, 10 Dec 2026');
    expect(formatExamDay(null)).toBe('TBA');
  });

  it('reads /examdates’ DD/MM/YYYY as the same day, and TBA as none', () => {
    expect(isoDayFromExamDates('10/12/2026')).toBe('2026-12-10');
    expect(formatExamDay(isoDayFromExamDates('10/12/2026'))).toBe('Thu, 10 Dec 2026');
    expect(isoDayFromExamDates('TBA')).toBeNull();
  });

  describe('far west of UTC', () => {
    const zone = process.env.TZ;
    beforeAll(() => void (process.env.TZ = 'Pacific/Honolulu'));
    afterAll(() => void (process.env.TZ = zone));

    it('never moves a calendar day to the day before', () => {
      expect(new Date('2026-03-01').getDate()).toBe(28); // the zone really is in effect
      expect(formatDay('2026-03-01', { weekday: true })).toBe('Sun, 1 Mar 2026');
      expect(formatDay('2026-01-01', { weekday: true })).toBe('Thu, 1 Jan 2026');
    });
  });

  it('writes a moment with its time, in the same day form', () => {
    const at = new Date(2026, 11, 14, 18, 5); // local time
    expect(formatMoment(at.toISOString())).toBe('14 Dec 2026, 18:05');
  });
});
