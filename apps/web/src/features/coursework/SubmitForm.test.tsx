import { describe, expect, it } from 'vitest';
import { submissionRequest } from './submission-request';
import { workProblem } from './SubmitForm';

const MB = 1024 * 1024;
/** A file of `bytes` (the checks read only its name, type and size). */
const fileOf = (name: string, bytes: number, type = 'application/pdf') => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
};

describe('what is wrong with the chosen work, said before it goes up', () => {
  it('needs a file or some text', () => {
    expect(workProblem({ files: [], text: '  ' })).toBe('Choose a file or write some text to hand in.');
    expect(workProblem({ files: [], text: 'My answer' })).toBeNull();
    expect(workProblem({ files: [fileOf('a.pdf', 10)], text: '' })).toBeNull();
  });

  it('takes up to ten files, of the types notes take, 50 MB each and 100 MB together', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => fileOf(`p${i}.pdf`, 10));
    expect(workProblem({ files: eleven, text: '' })).toBe('That is too many: choose at most 10.');
    expect(workProblem({ files: eleven.slice(1), text: '' })).toBeNull();
    expect(workProblem({ files: [fileOf('run.exe', 10, 'application/x-msdownload')], text: '' })).toBe(
      'run.exe: Choose a file that is a PDF, PNG, JPEG, plain text, DOCX, PPTX, XLSX or ZIP file.',
    );
    expect(workProblem({ files: [fileOf('huge.pdf', 51 * MB)], text: '' })).toBe('huge.pdf: Choose a file of 50 MB or less.');
    expect(workProblem({ files: [fileOf('a.pdf', 40 * MB), fileOf('b.pdf', 40 * MB)], text: '' })).toBeNull();
    expect(workProblem({ files: [fileOf('a.pdf', 40 * MB), fileOf('b.pdf', 40 * MB), fileOf('c.pdf', 21 * MB)], text: '' })).toBe(
      'Your files must add up to 100 MB or less. Remove one, or choose smaller ones.',
    );
  });
});

describe('the submission’s request', () => {
  it('puts every file under `files` and the text beside them; no text field for none', () => {
    const { form } = submissionRequest({ files: [fileOf('a.pdf', 1), fileOf('b.pdf', 1)], text: 'Hello' });
    expect((form.getAll('files') as File[]).map((f) => f.name)).toEqual(['a.pdf', 'b.pdf']);
    expect(form.get('text')).toBe('Hello');
    expect(submissionRequest({ files: [fileOf('a.pdf', 1)], text: '  ' }).form.has('text')).toBe(false);
  });
});
