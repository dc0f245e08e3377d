import { describe, expect, it } from 'vitest';
import { api } from './api';
import { paramNames, paramsSchema } from './endpoint';
import { paths } from './paths';

describe('the calendar feed endpoint', () => {
  it('reads `:token.ics` as the param `token` followed by `.ics`, as the router does', () => {
    expect(paramNames(api.calendar.ics.path)).toEqual(['token']);
    expect(Object.keys(paramsSchema(api.calendar.ics.path)!.shape)).toEqual(['token']);
    expect(paths.calendar.ics('abc_DEF-123')).toBe('/calendar/abc_DEF-123.ics');
  });

  it('keeps the address calls under /api/v1/calendar', () => {
    expect(paths.calendar.feed).toBe('/api/v1/calendar/feed');
    expect(paths.calendar.reset).toBe('/api/v1/calendar/feed/reset');
  });
});
