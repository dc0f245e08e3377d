import { describe, expect, it } from 'vitest';
import { addDays, fold, line, localDateTime, text, utcDateTime } from './ics-text';

const unfold = (folded: string) => folded.replace(/\r\n /g, '');

describe('fold', () => {
  it('leaves a line of 75 octets alone and folds one of 76', () => {
    expect(fold('x'.repeat(75))).toBe('x'.repeat(75));
    expect(fold('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
  });

  it('continues on lines of at most 75 octets, the leading space included', () => {
    const folded = fold('y'.repeat(300));
    const lines = folded.split('\r\n');
    expect(lines.map((l) => l.length)).toEqual([75, 75, 75, 75, 4]);
    expect(lines.slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(unfold(folded)).toBe('y'.repeat(300));
  });

  it('counts octets, not characters, and never cuts a character in two', () => {
    for (const char of ['é', 'न', '🎉']) {
      for (let lead = 0; lead < 4; lead++) {
        const value = 'a'.repeat(lead) + char.repeat(60);
        const folded = fold(value);
        for (const l of folded.split('\r\n')) {
          expect(Buffer.byteLength(l)).toBeLessThanOrEqual(75);
          expect(l).not.toContain('\uFFFD');
        }
        expect(unfold(folded)).toBe(value);
      }
    }
  });
});

describe('text', () => {
  it('escapes backslash, semicolon and comma, and writes line breaks as \\n', () => {
    expect(text('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
  });

  it('drops control characters TEXT cannot hold, keeps tabs', () => {
    expect(text('a\u0000b\u0007c\td\u007f')).toBe('abc\td');
  });

  it('leaves colons and quotes as they are (allowed in TEXT)', () => {
    expect(text('Talk: "AI", now')).toBe('Talk: "AI"\\, now');
  });
});

describe('values', () => {
  it('writes parameters, UTC instants, local times and days', () => {
    expect(line('DTSTART', '20300601T183000', { TZID: 'Asia/Kolkata' })).toBe('DTSTART;TZID=Asia/Kolkata:20300601T183000');
    expect(utcDateTime(new Date('2030-06-01T13:00:00.456Z'))).toBe('20300601T130000Z');
    expect(localDateTime('2030-06-01', '18:30:00')).toBe('20300601T183000');
    expect(localDateTime('2030-06-01', '18:30')).toBe('20300601T183000');
  });

  it('counts days across months, years and leap days', () => {
    expect(addDays('2030-12-31', 1)).toBe('2031-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2030-05-15', -90)).toBe('2030-02-14');
  });
});
