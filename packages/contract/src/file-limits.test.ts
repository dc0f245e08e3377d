import { describe, expect, it } from 'vitest';
import { FILE_LIMITS, FILE_TYPES, type FileKind } from './file-limits';
import { refusal } from './refusals';

const kinds = Object.keys(FILE_LIMITS) as FileKind[];

describe('FILE_LIMITS', () => {
  it('gives every kind its words: the types named, what a wrong file must be, the picker list and the size', () => {
    for (const kind of kinds) {
      const limits = FILE_LIMITS[kind];
      const types: readonly string[] = limits.types;
      expect(types.length, kind).toBeGreaterThan(0);
      for (const type of types) {
        const words = FILE_TYPES[type as keyof typeof FILE_TYPES];
        expect(words, `${kind}: ${type}`).toBeDefined();
        expect(limits.names, kind).toContain(words.name);
        for (const ending of words.extensions) expect(limits.accept.split(','), kind).toContain(ending);
        expect(limits.accept.split(','), kind).toContain(type);
      }
      expect(limits.describe, kind).toMatch(new RegExp(`^an? ${limits.names} (image|file)$`));
      expect(limits.size, kind).toBe(`${limits.maxBytes / (1024 * 1024)} MB`);
    }
  });

  it('keeps the refusals clients already read, word for word', () => {
    expect(kinds.map((kind) => refusal('file_wrong_type', { field: kind, params: { types: FILE_LIMITS[kind].typeNames, noun: FILE_LIMITS[kind].noun } }).message)).toEqual([
      'Avatar must be a png or jpeg image',
      'Thumbnail must be a png or jpeg image',
      'Notes file must be a pdf, png, jpeg, plain text, docx, pptx, xlsx or zip file',
      'Marksheet must be a pdf, png or jpeg file',
      'Roster file must be a csv file',
      'Attachment must be a pdf, png, jpeg, plain text, docx, pptx, xlsx or zip file',
      'Submission file must be a pdf, png, jpeg, plain text, docx, pptx, xlsx or zip file',
    ]);
    expect(kinds.map((kind) => refusal('file_too_large', { field: kind, params: { size: FILE_LIMITS[kind].size } }).message)).toEqual([
      'Avatar must be at most 5 MB',
      'Thumbnail must be at most 5 MB',
      'Notes file must be at most 50 MB',
      'Marksheet must be at most 20 MB',
      'Roster file must be at most 20 MB',
      'Attachment must be at most 50 MB',
      'Submission file must be at most 50 MB',
    ]);
  });

  it('names every stored type with an ending a download can take', () => {
    for (const [type, words] of Object.entries(FILE_TYPES)) {
      expect(words.name, type).toMatch(/^[a-z ]+$/);
      expect(words.title.toLowerCase(), type).toBe(words.name);
      for (const ending of words.extensions) expect(ending, type).toMatch(/^\.[a-z]+$/);
    }
  });
});
