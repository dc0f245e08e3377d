import { refusal, refusalOfMessage } from './refusals';
import { describe, expect, it } from 'vitest';
import { api } from './api';
import { EXAM_CENTRE_MAX, courseFilterQuery, courseSchema, createCourseBody, titleSearchQuery, updateCourseBody } from './courses';
import { formatExamDate, isCalendarDate } from './dates';
import { createNotesBody } from './notes';

const valid = { title: ' Compilers ', description: 'Parsing and code generation', coursenumber: '211070500', semester: '5', branch: 'Computer Engineering' };
const firstError = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('createCourseBody', () => {
  it('accepts the form as strings and answers numbers, with no exam date', () => {
    expect(createCourseBody.parse(valid)).toEqual({ title: 'Compilers', description: 'Parsing and code generation', coursenumber: 211070500, semester: 5, branch: 'Computer Engineering' });
  });

  it('defaults semester and branch (docs/product.md#accounts)', () => {
    const r = createCourseBody.parse({ title: 'a', description: 'b', coursenumber: 100000000 });
    expect(r).toMatchObject({ semester: 1, branch: 'Computer Engineering' });
  });

  it('reads an empty exam date as none and keeps a real one', () => {
    expect(createCourseBody.parse({ ...valid, examDate: '' }).examDate).toBeNull();
    expect(createCourseBody.parse({ ...valid, examDate: '2026-12-01' }).examDate).toBe('2026-12-01');
  });

  it.each([
    [{ coursenumber: '99999999' }, 'Course number must be at least 100000000'],
    [{ coursenumber: 'abc' }, 'Course number must be a number'],
    [{ title: '   ' }, 'Title is required'],
    [{ description: '' }, 'Description is required'],
    [{ semester: '0' }, 'Semester must be between 1 and 8'],
    [{ branch: 'Astrology' }, 'Branch must be one of the nine branches'],
    [{ examDate: '2026-02-30' }, 'Exam date is not a real calendar date'],
    [{ examDate: '01/12/2026' }, 'Exam date must be a date (YYYY-MM-DD)'],
  ])('refuses %o naming the field', (patch, message) => {
    expect(firstError(createCourseBody.safeParse({ ...valid, ...patch }))).toBe(message);
  });
});

describe('updateCourseBody', () => {
  it('leaves examDate out when absent and clears it with null', () => {
    const base = { title: 't', description: 'd', semester: 2, branch: 'Civil Engineering' };
    expect('examDate' in updateCourseBody.parse(base)).toBe(false);
    expect(updateCourseBody.parse({ ...base, examDate: null }).examDate).toBeNull();
  });

  it('leaves examCentre out when absent; null, empty or only spaces clear it; a line is trimmed', () => {
    const base = { title: 't', description: 'd', semester: 2, branch: 'Civil Engineering' };
    expect('examCentre' in updateCourseBody.parse(base)).toBe(false);
    for (const none of [null, '', '   ']) expect(updateCourseBody.parse({ ...base, examCentre: none }).examCentre).toBeNull();
    expect(updateCourseBody.parse({ ...base, examCentre: '  Main Block, Hall 2 ' }).examCentre).toBe('Main Block, Hall 2');
  });
});

describe('the exam centre', () => {
  it('is optional at create, and one line of at most EXAM_CENTRE_MAX characters', () => {
    expect('examCentre' in createCourseBody.parse(valid)).toBe(false);
    expect(createCourseBody.parse({ ...valid, examCentre: '' }).examCentre).toBeNull();
    expect(createCourseBody.parse({ ...valid, examCentre: 'x'.repeat(EXAM_CENTRE_MAX) }).examCentre).toHaveLength(EXAM_CENTRE_MAX);
    expect(firstError(createCourseBody.safeParse({ ...valid, examCentre: 'x'.repeat(EXAM_CENTRE_MAX + 1) }))).toBe(`Exam centre must be at most ${EXAM_CENTRE_MAX} characters`);
    expect(firstError(createCourseBody.safeParse({ ...valid, examCentre: 'Main Block\nHall 2' }))).toBe('Exam centre must not contain a line break');
    expect(firstError(createCourseBody.safeParse({ ...valid, examCentre: 7 }))).toBe('Exam centre must be text');
  });
});

describe('the exam times', () => {
  const errorAt = (r: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) => r.error && [r.error.issues[0]!.path[0], r.error.issues[0]!.message];

  it('are optional, HH:MM, both or neither; empty means none', () => {
    expect('examStart' in createCourseBody.parse(valid)).toBe(false);
    expect(createCourseBody.parse({ ...valid, examStart: ' 09:30 ', examEnd: '12:30' })).toMatchObject({ examStart: '09:30', examEnd: '12:30' });
    expect(createCourseBody.parse({ ...valid, examStart: '', examEnd: '' })).toMatchObject({ examStart: null, examEnd: null });
    expect(updateCourseBody.parse({ title: 't', description: 'd', semester: 2, branch: 'Civil Engineering', examStart: null, examEnd: null })).toMatchObject({ examStart: null, examEnd: null });
  });

  it('refuse a malformed time, half a pair, and an end not after the start, naming the field', () => {
    for (const bad of ['9:30', '24:00', '09:60', '0930', '09:30 AM']) expect(errorAt(createCourseBody.safeParse({ ...valid, examStart: bad, examEnd: '12:00' }))).toEqual(['examStart', 'Exam start time must be HH:MM between 00:00 and 23:59']);
    expect(errorAt(createCourseBody.safeParse({ ...valid, examEnd: '12:00' }))).toEqual(['examStart', 'Exam start time is needed with an end time (give both, or neither)']);
    expect(errorAt(createCourseBody.safeParse({ ...valid, examStart: '09:00', examEnd: '' }))).toEqual(['examEnd', 'Exam end time is needed with a start time (give both, or neither)']);
    expect(errorAt(createCourseBody.safeParse({ ...valid, examStart: '12:00', examEnd: '12:00' }))).toEqual(['examEnd', 'Exam end time must be after the start time']);
    expect(errorAt(createCourseBody.safeParse({ ...valid, examStart: '12:00', examEnd: '09:00' }))).toEqual(['examEnd', 'Exam end time must be after the start time']);
  });
});

describe('a course as JSON', () => {
  const course = {
    _id: 'c', title: 't', description: 'd', coursenumber: 211070500, semester: 5, branch: 'Computer Engineering', thumbnail: '', owner: 'o', ownername: 'n',
    students: [], examDate: '2030-12-03', examStart: null, examEnd: null, createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-26T00:00:00.000Z',
  };

  it('carries when the exam date changed and the exam centre, each null when there is none', () => {
    expect(courseSchema.parse({ ...course, examDateChangedAt: null, examCentre: null })).toMatchObject({ examDateChangedAt: null, examCentre: null });
    expect(courseSchema.parse({ ...course, examDateChangedAt: '2026-11-26T10:00:00.000Z', examCentre: 'Hall 2' })).toMatchObject({ examDateChangedAt: '2026-11-26T10:00:00.000Z', examCentre: 'Hall 2' });
    expect(courseSchema.safeParse(course).success).toBe(false);
  });

  it('create-course declares its refusals (a course number another course has, the exam checks); the messages name the fields', () => {
    expect(api.courses.create.errors).toEqual(expect.arrayContaining(['coursenumber_taken', 'exam_date_in_past', 'exam_start_needed', 'exam_end_needed', 'exam_end_before_start']));
    expect(refusal('coursenumber_taken')).toMatchObject({ field: 'coursenumber', message: 'Course number is already used by another course' });
    expect(refusal('exam_date_in_past')).toMatchObject({ field: 'examDate', message: 'Exam date must not be in the past' });
  });

  it('word their checks as refusals, so a failed check says its code', () => {
    const issue = (input: Record<string, unknown>) => createCourseBody.safeParse({ ...valid, ...input }).error!.issues[0]!.message;
    expect(refusalOfMessage(issue({ examEnd: '12:00' }))).toMatchObject({ code: 'exam_start_needed', field: 'examStart' });
    expect(refusalOfMessage(issue({ examStart: '9:30', examEnd: '12:00' }))).toMatchObject({ code: 'time_invalid', field: 'examStart' });
    expect(refusalOfMessage(issue({ examCentre: 'x'.repeat(121) }))).toMatchObject({ code: 'too_many_characters', field: 'examCentre', params: { max: 120 } });
  });
});

describe('filters', () => {
  it('semester 9 or absent and branch All or absent mean all', () => {
    expect(courseFilterQuery.parse({})).toEqual({ semester: 9, branch: 'All' });
    expect(courseFilterQuery.parse({ semester: '3', branch: 'Eletronics Engineering' })).toEqual({ semester: 3, branch: 'Electronics Engineering' });
  });

  it('refuses a semester outside 1–9 and a limit outside 1–500', () => {
    expect(courseFilterQuery.safeParse({ semester: '10' }).success).toBe(false);
    expect(courseFilterQuery.safeParse({ limit: '0' }).success).toBe(false);
    expect(courseFilterQuery.safeParse({ limit: '501' }).success).toBe(false);
  });

  it('an absent title searches everything', () => {
    expect(titleSearchQuery.parse({}).title).toBe('');
  });
});

describe('dates', () => {
  it('knows real calendar dates', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
  });

  it('formats exam dates for the hall ticket without shifting the day', () => {
    expect(formatExamDate('2026-12-01')).toBe('01/12/2026');
    expect(formatExamDate(null)).toBe('TBA');
  });
});

describe('createNotesBody', () => {
  it('needs a file name', () => {
    expect(firstError(createNotesBody.safeParse({ filename: ' ' }))).toBe('File name is required');
    expect(createNotesBody.parse({ filename: ' Week 1 ' }).filename).toBe('Week 1');
  });
});
