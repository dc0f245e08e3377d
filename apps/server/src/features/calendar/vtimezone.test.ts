import { describe, expect, it } from 'vitest';
import { offsetAt, transitions, utcOffset, vtimezone } from './vtimezone';

/** The observances of a VTIMEZONE as [kind, DTSTART, TZOFFSETFROM, TZOFFSETTO]. */
function observances(lines: string[]): string[][] {
  const found: string[][] = [];
  let current: string[] = [];
  for (const l of lines) {
    if (l === 'BEGIN:STANDARD' || l === 'BEGIN:DAYLIGHT') current = [l.slice(6)];
    else if (/^(DTSTART|TZOFFSETFROM|TZOFFSETTO):/.test(l)) current.push(l.split(':')[1]!);
    else if (l === 'END:STANDARD' || l === 'END:DAYLIGHT') found.push(current);
  }
  return found;
}

describe('vtimezone', () => {
  it('Asia/Kolkata: one STANDARD observance, +0530', () => {
    const lines = vtimezone('Asia/Kolkata', 2026, 2031);
    expect(lines[0]).toBe('BEGIN:VTIMEZONE');
    expect(lines[1]).toBe('TZID:Asia/Kolkata');
    expect(observances(lines)).toEqual([['STANDARD', '19700101T000000', '+0530', '+0530']]);
  });

  it('UTC: one STANDARD observance, +0000', () => {
    expect(observances(vtimezone('UTC', 2030, 2030))).toEqual([['STANDARD', '19700101T000000', '+0000', '+0000']]);
  });

  it('Europe/Berlin: each change at 02:00 or 03:00 local, CET and CEST', () => {
    expect(observances(vtimezone('Europe/Berlin', 2030, 2030))).toEqual([
      ['STANDARD', '20300101T000000', '+0100', '+0100'],
      ['DAYLIGHT', '20300331T020000', '+0100', '+0200'],
      ['STANDARD', '20301027T030000', '+0200', '+0100'],
    ]);
  });

  it('Australia/Sydney (southern hemisphere): the year opens in daylight time', () => {
    expect(observances(vtimezone('Australia/Sydney', 2030, 2030))).toEqual([
      ['DAYLIGHT', '20300101T000000', '+1100', '+1100'],
      ['STANDARD', '20300407T030000', '+1100', '+1000'],
      ['DAYLIGHT', '20301006T020000', '+1000', '+1100'],
    ]);
  });

  it('pins a change to the second', () => {
    const [change] = transitions('America/New_York', Date.UTC(2030, 2, 1), Date.UTC(2030, 3, 1));
    expect(new Date(change!.at).toISOString()).toBe('2030-03-10T07:00:00.000Z');
    expect([change!.from, change!.to]).toEqual([-5 * 3600, -4 * 3600]);
    expect(offsetAt('America/New_York', change!.at - 1000)).toBe(-5 * 3600);
  });

  it('writes offsets as ±HHMM, with seconds only when there are some', () => {
    expect(utcOffset(19800)).toBe('+0530');
    expect(utcOffset(-12600)).toBe('-0330');
    expect(utcOffset(0)).toBe('+0000');
    expect(utcOffset(-(44 * 60 + 30))).toBe('-004430');
  });
});
