import { describe, expect, it } from 'vitest';
import { semesterField } from './fields';
import { REFUSAL_CATALOGUE, REFUSAL_CODES, refusal, refusalMessage, refusalOfMessage, waitInWords } from './refusals';

describe('the refusal catalogue', () => {
  it('codes are snake_case, and every status is a refusal’s', () => {
    for (const code of REFUSAL_CODES) {
      expect(code).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
      expect(REFUSAL_CATALOGUE[code].status).toBeGreaterThanOrEqual(400);
    }
  });

  it('words a refusal from its field and params, and answers them beside the English', () => {
    expect(refusal('semester_out_of_range', { params: { min: 1, max: 8 } })).toEqual({
      code: 'semester_out_of_range',
      status: 400,
      field: 'semester',
      params: { min: 1, max: 8 },
      message: 'Semester must be between 1 and 8',
    });
    expect(refusal('course_not_found')).toEqual({ code: 'course_not_found', status: 404, params: {}, message: 'course not found' });
    expect(refusal('rate_limited', { params: { limit: 'login_address', retryAfterSeconds: 180 } }).message).toBe('too many failed attempts from your network; try again in 3 minutes');
    expect(refusal('file_wrong_type', { field: 'avatar', params: { types: ['png', 'jpeg'], noun: 'image' } }).message).toBe('Avatar must be a png or jpeg image');
  });

  it('reads back what a message a schema built means', () => {
    const message = refusalMessage('too_many_characters', { field: 'title', params: { max: 80 } });
    expect(refusalOfMessage(message)).toEqual({ code: 'too_many_characters', status: 400, field: 'title', params: { max: 80 }, message });
    expect(refusalOfMessage('Title must be at most 81 characters')).toBeUndefined();
  });

  it('a field schema’s failed check says which refusal it is', () => {
    const result = semesterField.safeParse(9);
    expect(result.success).toBe(false);
    expect(refusalOfMessage(result.error!.issues[0]!.message)).toMatchObject({ code: 'semester_out_of_range', field: 'semester', params: { min: 1, max: 8 } });
  });

  it.each([
    [0.5, '1 second'],
    [45, '45 seconds'],
    [89, '89 seconds'],
    [15 * 60, '15 minutes'],
    [14 * 60 + 0.001, '15 minutes'],
    [60 * 60, '60 minutes'],
    [3 * 3600, '3 hours'],
  ])('a wait of %d s is %s', (seconds, words) => {
    expect(waitInWords(seconds)).toBe(words);
  });
});
