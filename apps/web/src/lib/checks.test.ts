import { refusalMessage } from '@campus/contract/refusals';
import { loginBody } from '@campus/contract/users';
import { describe, expect, it } from 'vitest';
import { checkSentence, sentencesByField } from './checks';

describe('checkSentence', () => {
  it('words a check the contract coded by its code, and one nobody coded by its field', () => {
    expect(checkSentence(refusalMessage('too_many_characters', { field: 'title', params: { max: 80 } }), 'title')).toBe('Shorten the title to 80 characters or fewer.');
    expect(checkSentence('Invalid input: expected string, received number', 'title')).toBe('Check the title and try again.');
  });

  it('an empty registration id is asked for, not called "not a number"', () => {
    const empty = loginBody.safeParse({ registrationId: '', password: 'x' });
    expect(sentencesByField(empty.error!.issues)).toEqual({ registrationId: 'Enter your registration id.' });
    const letters = loginBody.safeParse({ registrationId: 'abc', password: 'x' });
    expect(sentencesByField(letters.error!.issues).registrationId).toBe('Use only digits for the registration id.');
  });
});

describe('sentencesByField', () => {
  it('keeps the first sentence of each field, and a form-level one as root', () => {
    const required = refusalMessage('field_required', { field: 'password' });
    expect(
      sentencesByField([
        { path: ['password'], message: required },
        { path: ['password'], message: 'second' },
        { path: [], message: 'form level' },
      ]),
    ).toEqual({ password: 'Enter your password.', root: 'Check what you entered and try again.' });
  });
});
