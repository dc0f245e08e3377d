import { describe, expect, it } from 'vitest';
import { FILE_LIMITS } from '@campus/contract/constants';
import { CHECKS_UNAVAILABLE, deferredResolver, imageProblem, messagesByField, multipart, uploadProblem } from './forms';

describe('imageProblem', () => {
  const MB = 1024 * 1024;
  it('accepts png and jpeg within the limit', () => {
    expect(imageProblem(new File(['x'], 'a.png', { type: 'image/png' }), 'avatar', 5 * MB)).toBeNull();
    expect(imageProblem(new File(['x'], 'a.jpg', { type: 'image/jpeg' }), 'avatar', 5 * MB)).toBeNull();
  });
  it('refuses other types and files over the limit, naming the field', () => {
    expect(imageProblem(new File(['x'], 'a.gif', { type: 'image/gif' }), 'avatar', 5 * MB)).toBe('Avatar must be a png or jpeg image');
    expect(imageProblem(new File([new Uint8Array(11)], 'a.png', { type: 'image/png' }), 'avatar', 10)).toMatch(/^Avatar must be at most/);
  });
});

describe('uploadProblem', () => {
  it('names a missing or wrong file by its label, as the server does', () => {
    expect(uploadProblem(null, 'notesfile', FILE_LIMITS.notesfile, 'a pdf')).toBe('Notes file is required');
    expect(uploadProblem(new File(['x'], 'a.exe', { type: 'application/x-msdownload' }), 'marksheet', FILE_LIMITS.marksheet, 'a pdf, png or jpeg file')).toBe('Marksheet must be a pdf, png or jpeg file');
  });
});

describe('multipart', () => {
  it('sends numbers as text and leaves out what is absent', () => {
    const form = multipart({ semester: 4, branch: 'Civil Engineering', staffcode: undefined, note: null });
    expect([...form.entries()]).toEqual([
      ['semester', '4'],
      ['branch', 'Civil Engineering'],
    ]);
  });
});

describe('messagesByField', () => {
  it('keeps the first message of each field', () => {
    expect(
      messagesByField([
        { path: ['password'], message: 'Password is required' },
        { path: ['password'], message: 'second' },
        { path: [], message: 'form level' },
      ]),
    ).toEqual({ password: 'Password is required', root: 'form level' });
  });
});

describe('deferredResolver', () => {
  it('a resolver that cannot load reports a form-level error instead of throwing', async () => {
    const { resolver } = deferredResolver<{ a: string }, { a: string }>(() => Promise.reject(new Error('offline')));
    const result = await resolver({ a: '' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors).toEqual({ root: { type: 'unavailable', message: CHECKS_UNAVAILABLE } });
  });
});
