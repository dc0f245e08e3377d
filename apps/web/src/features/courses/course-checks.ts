/**
 * The course forms' checks, from the contract's schemas (so the messages match the server's),
 * loaded on demand (see lib/forms deferredResolver).
 */
import { createCourseBody, updateCourseBody } from '@campus/contract/courses';
import { createNotesBody } from '@campus/contract/notes';
import { zodResolver } from '@hookform/resolvers/zod';

export const createCourseResolver = zodResolver(createCourseBody);
export const updateCourseResolver = zodResolver(updateCourseBody);
export const createNotesResolver = zodResolver(createNotesBody);
