import { z } from 'zod';
import { topic } from '../../platform/realtime/bus';

const seq = z.number().int();

/** Notifications with seq from..to were committed (one fan-out): the streams of their recipients look them up. */
export const notificationsAdded = topic('new', z.object({ from: seq, to: seq }));

/** A user's unread count changed (read, read all): their other tabs' counts follow. */
export const unreadChanged = topic('read', z.object({ user: z.string() }));
