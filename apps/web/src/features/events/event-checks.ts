/**
 * The add-event form's checks, from the contract's schema (the server's refusals, worded by
 * lib/checks), loaded on demand (see lib/forms deferredResolver).
 */
import { createEventBody } from '@campus/contract/events';
import { zodResolver } from '@hookform/resolvers/zod';
import { worded } from '../../lib/checks';

export const createEventResolver = worded(zodResolver(createEventBody));
