import type { Course } from '@campus/contract/courses';
import { aProfessor } from '../../test/fixtures';

/** A course as the server sends it, owned by aProfessor(), with nobody enrolled. */
export function aCourse(patch: Partial<Course> = {}): Course {
  return {
    _id: '7c0a0000-0000-4000-8000-000000000001',
    title: 'Fluid Mechanics',
    description: 'Flow, pressure and the equations that hold them together.',
    coursenumber: 211070555,
    semester: 5,
    branch: 'Civil Engineering',
    thumbnail: '/files/fluid-cover',
    owner: aProfessor()._id,
    ownername: aProfessor().fullname,
    students: [],
    examDate: '2026-12-14',
    examDateChangedAt: null,
    examCentre: null,
    examStart: '09:15',
    examEnd: '12:15',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...patch,
  };
}
