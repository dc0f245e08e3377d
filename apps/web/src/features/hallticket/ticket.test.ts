import { describe, expect, it } from 'vitest';
import { formatMoment } from '../../lib/dates';
import { savedAtOf, savedNotice } from './ticket';

describe('the saved admit card’s words', () => {
  it('says when it was saved, in the browser’s zone, and that it is the card as it was then', () => {
    const at = '2026-11-30T09:04:00.000Z';
    expect(savedNotice(at)).toBe(`Saved on this device for exam day · ${formatMoment(at)} — you are offline; this is the admit card as it was then.`);
    expect(formatMoment(at)).toMatch(/^30 Nov 2026, \d\d:\d\d$/);
  });

  it('takes the older saved time of the card’s answers, and none when both came from the server', () => {
    expect(savedAtOf('2026-11-30T09:05:00.000Z', '2026-11-29T18:00:00.000Z')).toBe('2026-11-29T18:00:00.000Z');
    expect(savedAtOf(undefined, '2026-11-29T18:00:00.000Z')).toBe('2026-11-29T18:00:00.000Z');
    expect(savedAtOf(undefined, undefined)).toBeNull();
  });
});
