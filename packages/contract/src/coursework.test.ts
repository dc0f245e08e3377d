import { describe, expect, it } from 'vitest';
import { createAssignmentFields, markBody, submitUploadsBody, updateAssignmentBody } from './coursework';
import { refusalOfMessage } from './refusals';

const form = { kind: 'assignment', title: ' Lab 1 ', maxMarks: '10', dueAt: '2026-12-01T17:00:00+05:30' };
const codeOf = (r: { error?: { issues: { message: string }[] } }) => {
  const message = r.error?.issues[0]?.message;
  return message === undefined ? undefined : refusalOfMessage(message);
};

describe('createAssignmentFields', () => {
  it('reads the form as strings, with the defaults', () => {
    expect(createAssignmentFields.parse(form)).toEqual({
      kind: 'assignment',
      title: 'Lab 1',
      instructions: '',
      maxMarks: 10,
      dueAt: '2026-12-01T11:30:00.000Z',
      graceMinutes: 15,
      latePenaltyPercentPerDay: 10,
      closesAt: null,
      rubric: null,
      published: true,
    });
  });

  it('takes a rubric as JSON text when its best levels make the maximum marks', () => {
    const rubric = [{ criterion: 'Working', levels: [{ label: 'No', marks: 0 }, { label: 'Yes', marks: 6 }] }, { criterion: 'Style', levels: [{ label: 'Good', marks: 4 }] }];
    expect(createAssignmentFields.parse({ ...form, rubric: JSON.stringify(rubric), published: 'false' })).toMatchObject({ rubric, published: false });
  });

  it.each([
    [{ kind: 'essay' }, 'choice_invalid', 'kind'],
    [{ maxMarks: '0' }, 'out_of_range', 'maxMarks'],
    [{ maxMarks: '1001' }, 'out_of_range', 'maxMarks'],
    [{ dueAt: '2026-12-01' }, 'instant_invalid', 'dueAt'],
    [{ dueAt: '2026-12-01T17:00:00' }, 'instant_invalid', 'dueAt'],
    [{ graceMinutes: '1441' }, 'out_of_range', 'graceMinutes'],
    [{ latePenaltyPercentPerDay: '101' }, 'out_of_range', 'latePenaltyPercentPerDay'],
    [{ closesAt: '2026-12-01T10:00:00Z' }, 'dates_out_of_order', 'closesAt'],
    [{ rubric: '{not json' }, 'rubric_invalid', 'rubric'],
    [{ rubric: '[]' }, 'rubric_invalid', 'rubric'],
    [{ rubric: JSON.stringify([{ criterion: 'A', levels: [{ label: 'x', marks: 5 }] }]) }, 'rubric_total_mismatch', 'rubric'],
  ])('refuses %o with %s naming %s', (patch, code, field) => {
    const r = createAssignmentFields.safeParse({ ...form, ...patch });
    expect(codeOf(r)).toMatchObject({ code, field });
  });
});

describe('updateAssignmentBody', () => {
  it('takes any of the fields, and refuses what it does not know', () => {
    expect(updateAssignmentBody.parse({ graceMinutes: 0 })).toEqual({ graceMinutes: 0 });
    expect(updateAssignmentBody.safeParse({ kind: 'test' }).success).toBe(false);
  });
});

describe('markBody', () => {
  it.each([
    [{ marks: 7.25 }, true],
    [{ rubric: [1, 0], feedback: 'Good' }, true],
    [{ excused: true }, true],
    [{ feedback: 'only words' }, false],
    [{ marks: 7.255 }, false],
    [{ marks: -1 }, false],
    [{ marks: 5, rubric: [0] }, false],
  ])('%o → %s', (body, ok) => {
    expect(markBody.safeParse(body).success).toBe(ok);
  });

  it('says what is missing', () => {
    expect(codeOf(markBody.safeParse({ feedback: 'x' }))).toMatchObject({ code: 'mark_needs_value', field: 'marks' });
    expect(codeOf(markBody.safeParse({ marks: 1.234 }))).toMatchObject({ code: 'marks_two_decimals', field: 'marks' });
  });
});

describe('submitUploadsBody', () => {
  it('takes up to ten upload ids', () => {
    const id = '4b1f2b0e-3c5d-4e6f-8a9b-0c1d2e3f4a5b';
    expect(submitUploadsBody.safeParse({ uploads: [id] }).success).toBe(true);
    expect(codeOf(submitUploadsBody.safeParse({ uploads: Array(11).fill(id) }))).toMatchObject({ code: 'too_many_items', field: 'uploads' });
  });
});
