import { describe, expect, it } from 'vitest';
import { calendarDayParts, todayIn } from './dates';
import { createEventBody, draftDescriptionBody, eventSearchQuery } from './events';

const valid = { title: ' Hackathon ', description: 'Build things overnight.', date: '2026-12-05', time: '18:30', venue: 'Main hall' };
const firstError = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('createEventBody', () => {
  it('trims text and reads absent or empty links as none', () => {
    expect(createEventBody.parse({ ...valid, instagram: '' })).toEqual({
      title: 'Hackathon',
      description: 'Build things overnight.',
      date: '2026-12-05',
      time: '18:30',
      venue: 'Main hall',
      instagram: '',
      twitter: '',
      linkedin: '',
      gform: '',
    });
  });

  it('keeps http(s) links', () => {
    const r = createEventBody.parse({ ...valid, gform: ' https://forms.example.org/x ', linkedin: 'http://example.org' });
    expect(r).toMatchObject({ gform: 'https://forms.example.org/x', linkedin: 'http://example.org' });
  });

  it.each([
    [{ date: '2026-02-30' }, 'Date is not a real calendar date'],
    [{ date: '05/12/2026' }, 'Date must be a date (YYYY-MM-DD)'],
    [{ date: undefined }, 'Date must be a date (YYYY-MM-DD)'],
    [{ time: '24:00' }, 'Time must be HH:MM between 00:00 and 23:59'],
    [{ time: '9:30' }, 'Time must be HH:MM between 00:00 and 23:59'],
    [{ time: undefined }, 'Time is required'],
    [{ venue: ' ' }, 'Venue is required'],
    [{ title: '' }, 'Title is required'],
    [{ description: 'x'.repeat(5001) }, 'Description must be at most 5000 characters'],
    [{ instagram: 'javascript:alert(1)' }, 'Instagram link must start with http:// or https://'],
    [{ twitter: 'ftp://example.org' }, 'Twitter link must start with http:// or https://'],
    [{ gform: 'not a link' }, 'Google form link must start with http:// or https://'],
    [{ linkedin: 42 }, 'LinkedIn link must be text'],
  ])('refuses %o with "%s"', (patch, message) => {
    expect(firstError(createEventBody.safeParse({ ...valid, ...patch }))).toBe(message);
  });
});

describe('eventSearchQuery and draftDescriptionBody', () => {
  it('searches everything by default and refuses huge titles', () => {
    expect(eventSearchQuery.parse({})).toEqual({ title: '' });
    expect(firstError(eventSearchQuery.safeParse({ title: 'x'.repeat(201) }))).toBe('Title must be at most 200 characters');
  });

  it('needs a title to draft from', () => {
    expect(firstError(draftDescriptionBody.safeParse({ title: ' ' }))).toBe('Title is required');
    expect(draftDescriptionBody.parse({ title: ' Robotics night ' })).toEqual({ title: 'Robotics night' });
  });
});

describe('calendar days', () => {
  it('today is the campus day: 20:00 UTC on 23 Nov is already 24 Nov in Kolkata, still 23 Nov in Los Angeles', () => {
    const now = new Date('2026-11-23T20:00:00Z');
    expect(todayIn('Asia/Kolkata', now)).toBe('2026-11-24');
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-11-23');
  });

  it('formats a day without shifting it', () => {
    expect(calendarDayParts('2026-12-05')).toEqual({ weekday: 'Saturday', day: '5', month: 'Dec', long: 'Saturday, 5 December 2026' });
  });
});
