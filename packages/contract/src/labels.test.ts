import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { courseFilterQuery, createCourseBody, titleSearchQuery, updateCourseBody } from './courses';
import { createEventBody, draftDescriptionBody } from './events';
import { fieldLabel, fieldLabels } from './labels';
import { requiredMessage } from './refusals';
import { createApplicationBody } from './marksheets';
import { createNotesBody } from './notes';
import { changePasswordBody, confirmEmailBody, forgotPasswordBody, loginBody, registerBody, resetPasswordBody, updateAccountBody } from './users';

const firstError = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('field labels', () => {
  it('every field of every request schema has a label, so no message shows a JSON key', () => {
    const schemas = [registerBody, loginBody, updateAccountBody, changePasswordBody, forgotPasswordBody, resetPasswordBody, confirmEmailBody, createCourseBody, updateCourseBody, courseFilterQuery, titleSearchQuery, createEventBody, draftDescriptionBody, createNotesBody, createApplicationBody];
    const unlabelled = schemas.flatMap((s: z.ZodObject) => Object.keys(s.shape)).filter((key) => !(key in fieldLabels));
    expect(unlabelled).toEqual([]);
  });

  it('messages name the field by its label, in a sentence', () => {
    expect(firstError(registerBody.safeParse({ registrationId: 'abc' }))).toBe('Registration ID must be a number');
    expect(firstError(updateAccountBody.safeParse({ email: 'a@b.co', fullname: ' ', branch: 'Civil Engineering', semester: 2 }))).toBe('Full name is required');
    expect(firstError(changePasswordBody.safeParse({ oldpassword: '', newpassword: 'a long new password' }))).toBe('Current password is required');
    expect(requiredMessage('notesfile')).toBe('Notes file is required');
  });

  it('a key without a label still reads as a word', () => {
    expect(fieldLabel('nickname')).toBe('Nickname');
  });
});
