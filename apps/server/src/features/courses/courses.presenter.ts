import { fileUrl, type Branch, type Course } from '@campus/contract';
import type { CourseView, ListedCourse } from './courses.queries';

/**
 * A course as the contract's JSON: string ids, numbers, ISO timestamps, the exam date as YYYY-MM-DD or
 * null, when it changed (ISO) or null, the exam centre or null, the exam times (HH:MM) or null.
 */
export function presentCourse({ row, ownername, students }: CourseView): Course {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    coursenumber: Number(row.coursenumber),
    semester: row.semester,
    branch: row.branch as Branch,
    thumbnail: row.thumbnailFileId ? fileUrl(row.thumbnailFileId) : '',
    owner: row.ownerId,
    ownername,
    students,
    examDate: row.examDate,
    examDateChangedAt: row.examDateChangedAt?.toISOString() ?? null,
    examCentre: row.examCentre,
    examStart: row.examStart,
    examEnd: row.examEnd,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A listing's courses as the JSON array presentCourse's objects would stringify to, written
 * directly: the listings are the portal's largest answers (2,000 courses, 3.2 MB), and building
 * an object, a Date and an array of ids per course to stringify them again cost more than the
 * query. Ids are UUIDs (nothing to escape); free text goes through JSON.stringify. A test holds
 * it to presentCourse field for field.
 */
export function courseListJson(courses: ListedCourse[]): string {
  const parts: string[] = [];
  for (const c of courses) {
    parts.push(
      `{"_id":"${c.id}","title":${JSON.stringify(c.title)},"description":${JSON.stringify(c.description)},"coursenumber":${c.coursenumber},` +
        `"semester":${c.semester},"branch":${JSON.stringify(c.branch)},"thumbnail":"${c.thumbnailFileId ? fileUrl(c.thumbnailFileId) : ''}",` +
        `"owner":"${c.ownerId}","ownername":${JSON.stringify(c.ownername)},"students":${c.students ? `["${c.students.replaceAll(',', '","')}"]` : '[]'},` +
        `"examDate":${c.examDate ? `"${c.examDate}"` : 'null'},"examDateChangedAt":${c.examDateChangedAt ? `"${c.examDateChangedAt}"` : 'null'},` +
        `"examCentre":${c.examCentre === null ? 'null' : JSON.stringify(c.examCentre)},` +
        `"examStart":${c.examStart === null ? 'null' : `"${c.examStart}"`},"examEnd":${c.examEnd === null ? 'null' : `"${c.examEnd}"`},` +
        `"createdAt":"${c.createdAt}","updatedAt":"${c.updatedAt}"}`,
    );
  }
  return `[${parts.join(',')}]`;
}
