import { describe, expect, it } from 'vitest';
import { campusWallClock, sameMinute } from './campus-clock';
import { campusInstant } from './campus-time';

describe('campus time', () => {
  it("writes a campus wall-clock time with the campus's offset on that day, whatever the browser's zone", () => {
    expect(campusInstant('2026-12-01', '17:00', 'Asia/Kolkata')).toBe('2026-12-01T17:00:00+05:30');
    expect(campusInstant('2026-06-01', '12:00', 'Asia/Kathmandu')).toBe('2026-06-01T12:00:00+05:45');
    expect(campusInstant('2026-06-01', '12:00', 'UTC')).toBe('2026-06-01T12:00:00+00:00');
    // Daylight saving: the offset of that day, not of today.
    expect(campusInstant('2026-01-15', '09:00', 'America/New_York')).toBe('2026-01-15T09:00:00-05:00');
    expect(campusInstant('2026-07-01', '09:00', 'America/New_York')).toBe('2026-07-01T09:00:00-04:00');
    expect(campusInstant('2026-06-01', '12:00', 'America/St_Johns')).toBe('2026-06-01T12:00:00-02:30');
  });

  it('gives nothing for a half-typed time', () => {
    expect(campusInstant('2026-12-01', '', 'Asia/Kolkata')).toBeNull();
    expect(campusInstant('', '17:00', 'Asia/Kolkata')).toBeNull();
  });

  it('reads an instant back as the campus clock shows it', () => {
    expect(campusWallClock('2026-12-01T11:30:00.000Z', 'Asia/Kolkata')).toEqual({ date: '2026-12-01', time: '17:00' });
    expect(campusWallClock('2026-12-01T20:00:00.000Z', 'Asia/Kolkata')).toEqual({ date: '2026-12-02', time: '01:30' });
  });

  it('holds a time the form shows to the minute unchanged', () => {
    expect(sameMinute('2026-12-01T11:30:42.125Z', '2026-12-01T17:00:00+05:30')).toBe(true);
    expect(sameMinute('2026-12-01T11:31:00.000Z', '2026-12-01T17:00:00+05:30')).toBe(false);
    expect(sameMinute(null, null)).toBe(true);
    expect(sameMinute(null, '2026-12-01T17:00:00+05:30')).toBe(false);
  });
});
