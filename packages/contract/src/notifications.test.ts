import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, NOTIFICATION_KINDS, PREFERENCES_WITHOUT_MAIL, UNSUBSCRIBE_SCOPES, defaultPreferences, notificationPreferencesSchema, updatePreferencesBody } from './notifications';

const firstError = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('notification kinds and preferences', () => {
  it('exam dates are a kind of their own, with an unsubscribe scope', () => {
    expect(NOTIFICATION_KINDS).toEqual(['courses', 'notes', 'marksheets', 'exams', 'coursework']);
    expect(UNSUBSCRIBE_SCOPES).toContain('exams');
  });

  it('with mail on, exams start as an email at once and the rest in the portal; with mail off, all in the portal', () => {
    expect(defaultPreferences(true)).toEqual({ courses: 'inapp', notes: 'inapp', marksheets: 'immediate', exams: 'immediate', coursework: 'inapp' });
    expect(defaultPreferences(false)).toEqual({ courses: 'inapp', notes: 'inapp', marksheets: 'inapp', exams: 'inapp', coursework: 'inapp' });
    expect(notificationPreferencesSchema.parse(DEFAULT_PREFERENCES)).toEqual(DEFAULT_PREFERENCES);
    expect(notificationPreferencesSchema.parse(PREFERENCES_WITHOUT_MAIL)).toEqual(PREFERENCES_WITHOUT_MAIL);
  });

  it('a PATCH may give exams alone, and names it when it is wrong', () => {
    expect(updatePreferencesBody.parse({ exams: 'daily' })).toEqual({ exams: 'daily' });
    expect(firstError(updatePreferencesBody.safeParse({ exams: 'weekly' }))).toBe('Exams must be inapp, immediate or daily');
    expect(firstError(updatePreferencesBody.safeParse({}))).toBe('Give at least one of Courses, Notes, Marksheets, Exams, Coursework');
  });
});
