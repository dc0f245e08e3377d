import type { EventRow, UserRow } from '../../db/schema';
import { refuse } from '../../platform/errors/app-error';

/** Any logged-in user may host an event (docs/product.md#roles); the host alone may edit or delete it. */
export const isHost = (user: UserRow, event: EventRow) => event.ownerId === user.id;

export function assertHost(user: UserRow, event: EventRow, action: 'edit' | 'delete'): void {
  if (!isHost(user, event)) throw refuse(action === 'edit' ? 'event_host_only_edit' : 'event_host_only');
}
