/**
 * The add-event form's checks, from the contract's schema (so the messages match the server's),
 * loaded on demand (see lib/forms deferredResolver).
 */
import { createEventBody } from '@campus/contract/events';
import { zodResolver } from '@hookform/resolvers/zod';

export const createEventResolver = zodResolver(createEventBody);
