/**
 * The course forms' checks, from the contract's schemas (the server's refusals, worded by
 * lib/checks), loaded on demand (see lib/forms deferredResolver).
 */
import { createCourseBody, updateCourseBody } from '@campus/contract/courses';
import { createNotesBody } from '@campus/contract/notes';
import { zodResolver } from '@hookform/resolvers/zod';
import { worded } from '../../lib/checks';

export const createCourseResolver = worded(zodResolver(createCourseBody));
export const updateCourseResolver = worded(zodResolver(updateCourseBody));
export const createNotesResolver = worded(zodResolver(createNotesBody));
