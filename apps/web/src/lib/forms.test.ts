import { describe, expect, it } from 'vitest';
import { FILE_LIMITS } from '@campus/contract/constants';
import { CHECKS_UNAVAILABLE, deferredResolver, fileProblem, messagesByField, multipart } from './forms';

describe('fileProblem', () => {
  it('accepts a file of its kind within the limit, and one the browser gives no type (the server reads its bytes)', () => {
    expect(fileProblem(new File(['x'], 'a.png', { type: 'image/png' }), 'avatar')).toBeNull();
    expect(fileProblem(new File(['x'], 'a.jpg', { type: 'image/jpeg' }), 'thumbnail')).toBeNull();
    expect(fileProblem(new File(['x'], 'a.txt', { type: 'text/plain' }), 'notesfile')).toBeNull();
    expect(fileProblem(new File(['x'], 'a.docx', { type: '' }), 'notesfile')).toBeNull();
  });
  it('refuses another type, or a file over the limit, in the words the server uses', () => {
    expect(fileProblem(new File(['x'], 'a.gif', { type: 'image/gif' }), 'avatar')).toBe('Avatar must be a png or jpeg image');
    expect(fileProblem(new File(['x'], 'a.txt', { type: 'text/plain' }), 'marksheet')).toBe('Marksheet must be a pdf, png or jpeg file');
    expect(fileProblem(new File(['x'], 'a.exe', { type: 'application/x-msdownload' }), 'notesfile')).toBe(
      'Notes file must be a pdf, png, jpeg, plain text, docx, pptx, xlsx or zip file',
    );
    const big = new File(['x'], 'a.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: FILE_LIMITS.thumbnail.maxBytes + 1 });
    expect(fileProblem(big, 'thumbnail')).toBe('Thumbnail must be at most 5 MB');
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
