import { describe, expect, it } from 'vitest';
import { FILE_LIMITS } from '@campus/contract/constants';
import { CHECKS_UNAVAILABLE, deferredResolver, fileProblem, multipart } from './forms';

describe('fileProblem', () => {
  it('accepts a file of its kind within the limit, and one the browser gives no type (the server reads its bytes)', () => {
    expect(fileProblem(new File(['x'], 'a.png', { type: 'image/png' }), 'avatar')).toBeNull();
    expect(fileProblem(new File(['x'], 'a.jpg', { type: 'image/jpeg' }), 'thumbnail')).toBeNull();
    expect(fileProblem(new File(['x'], 'a.txt', { type: 'text/plain' }), 'notesfile')).toBeNull();
    expect(fileProblem(new File(['x'], 'a.docx', { type: '' }), 'notesfile')).toBeNull();
  });
  it('refuses another type, or a file over the limit, as the server’s refusal of it is worded', () => {
    expect(fileProblem(new File(['x'], 'a.gif', { type: 'image/gif' }), 'avatar')).toBe('Choose a photo that is a PNG or JPEG image.');
    expect(fileProblem(new File(['x'], 'a.txt', { type: 'text/plain' }), 'marksheet')).toBe('Choose a marksheet that is a PDF, PNG or JPEG file.');
    expect(fileProblem(new File(['x'], 'a.exe', { type: 'application/x-msdownload' }), 'notesfile')).toBe(
      'Choose a notes file that is a PDF, PNG, JPEG, plain text, DOCX, PPTX, XLSX or ZIP file.',
    );
    const big = new File(['x'], 'a.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: FILE_LIMITS.thumbnail.maxBytes + 1 });
    expect(fileProblem(big, 'thumbnail')).toBe('Choose a picture of 5 MB or less.');
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

describe('deferredResolver', () => {
  it('a resolver that cannot load reports a form-level error instead of throwing', async () => {
    const { resolver } = deferredResolver<{ a: string }, { a: string }>(() => Promise.reject(new Error('offline')));
    const result = await resolver({ a: '' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors).toEqual({ root: { type: 'unavailable', message: CHECKS_UNAVAILABLE } });
  });
});
