import type { UserRow } from '../../db/schema';
import { isExamOffice } from '../../platform/auth/access';

/**
 * A student's requests and marksheets are seen by that student and the exam office, and by
 * nobody else (docs/product.md#roles): to anyone else they do not exist (404).
 */
export const canSeeRecordsOf = (viewer: UserRow, studentId: string) => viewer.id === studentId || isExamOffice(viewer);
