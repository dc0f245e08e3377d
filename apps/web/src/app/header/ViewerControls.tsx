import type { StoredUser } from '../../lib/secure-store';
import { EventsMenu } from './EventsMenu';
import { UserMenu } from './UserMenu';

/**
 * The logged-in half of the header (the Events dropdown and the user badge with its menu). It is
 * its own chunk so the dropdown library is not in what logged-out pages such as /login load.
 */
export default function ViewerControls({ viewer, part }: { viewer: StoredUser; part: 'events' | 'user' }) {
  return part === 'events' ? <EventsMenu /> : <UserMenu viewer={viewer} />;
}
