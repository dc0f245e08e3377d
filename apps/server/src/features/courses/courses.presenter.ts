import { fileUrl, type Branch, type Course } from '@campus/contract';
import type { CourseView } from './courses.queries';

/** A course as API.md's JSON: string ids, numbers, ISO timestamps, the exam date as YYYY-MM-DD or null. */
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
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
