/**
 * The coursework pages' words (assignments and class tests, handing in work, marks, the course
 * stream): added to lib/words when this module loads, which only those pages do (the course
 * page's Stream and Classwork tabs, an assignment and its owner's pages, My marks), so the first
 * load of every other page stays without them.
 * `words.test.ts` loads it too, and holds every code of the catalogue to a sentence.
 */
import { addWords, type FieldWords } from './words';

const RELOAD: FieldWords = { noun: 'list', ask: 'Reload the page and try again', any: 'Something went wrong. Reload the page and try again.' };

addWords({
  fields: {
    instructions: { noun: 'instructions', ask: 'Write the instructions' },
    maxMarks: { noun: 'maximum marks', ask: 'Enter the maximum marks', typed: true },
    dueAt: { noun: 'due time', ask: 'Enter the due date and time' },
    graceMinutes: { noun: 'grace period', ask: 'Enter the grace period in minutes', typed: true },
    latePenaltyPercentPerDay: { noun: 'late penalty', ask: 'Enter the late penalty, a percent for each day', typed: true },
    closesAt: { noun: 'closing time', ask: 'Enter the closing date and time, or leave it empty' },
    rubric: { noun: 'rubric', ask: 'Check the rubric' },
    criterion: { noun: 'criterion', ask: 'Name each criterion' },
    label: { noun: 'level', ask: 'Name each level' },
    published: { noun: 'publishing choice', ask: 'Choose whether to publish it now' },
    attachments: { noun: 'file to attach', ask: 'Choose the attachments' },
    // The upload kinds (FILE_LIMITS), which a file's type and size refusals name.
    attachment: { noun: 'file to attach', ask: 'Choose the attachment' },
    submission: { noun: 'file', ask: 'Choose a file to hand in' },
    files: { noun: 'file', ask: 'Choose a file' },
    // Resumable uploads the page sent itself: sending the files again is the remedy.
    uploads: { noun: 'file', ask: 'Choose the files again' },
    text: { noun: 'text', ask: 'Write some text' },
    marks: { noun: 'marks', ask: 'Enter the marks', typed: true },
    feedback: { noun: 'feedback', ask: 'Write the feedback' },
    excused: { noun: 'excuse', ask: 'Choose whether the work is excused' },
    // Set by the page, not typed: nothing for the professor to fix.
    studentIds: RELOAD,
    format: RELOAD,
  },
  sentences: {
    assignment_not_found: () => 'This assignment no longer exists.',
    post_not_found: () => 'This post no longer exists.',
    comment_not_found: () => 'This comment no longer exists.',
    upload_not_found: () => 'A file you chose could not be found on the portal. Choose it again and hand in again.',
    students_submit_only: () => 'Only a student enrolled in this course can hand in work.',
    comment_author_only: () => 'Only its author or the course’s professor can delete this comment.',
    no_submissions_for_test: () => 'This is a class test, marked on paper: there is nothing to hand in here.',
    submissions_closed: () => 'Submissions for this assignment are closed.',
    marks_already_returned: () => 'Your marks for this assignment have been returned, so you cannot hand it in again.',
    submission_empty: () => 'Choose a file or write some text to hand in.',
    submission_too_large: ({ params }) => `Your files must add up to ${params.size} or less. Remove one, or choose smaller ones.`,
    upload_incomplete: () => 'A file has not finished uploading. Wait for it, then hand in again.',
    instant_invalid: ({ words }) => `${words.ask}.`,
    too_many_items: ({ params }) => `That is too many: choose at most ${params.max}.`,
    marks_two_decimals: ({ words }) => `Give the ${words.noun} with at most two decimals, like 7.25.`,
    rubric_invalid: () => 'Give the rubric at least one criterion, each with one to ten levels.',
    rubric_total_mismatch: ({ params }) => `The rubric’s best levels add up to ${params.total}, but the maximum marks are ${params.maxMarks}. Make them the same.`,
    rubric_in_use: () => 'The rubric cannot change now: marks were already given with it.',
    rubric_missing: () => 'This assignment has no rubric: give the marks as a number.',
    rubric_choice_invalid: () => 'Choose one level for each criterion of the rubric.',
    marks_or_rubric: () => 'Give the marks as a number or with the rubric, not both.',
    mark_needs_value: () => 'Give marks, choose a level for each criterion of the rubric, or excuse the work.',
  },
});
