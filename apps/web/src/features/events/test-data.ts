import type { CampusEvent, EventListing } from '@campus/contract/events';
import { aProfessor } from '../../test/fixtures';

/** An event as the server sends it, hosted by aProfessor(), with no links. */
export function anEvent(patch: Partial<CampusEvent> = {}): CampusEvent {
  return {
    _id: 'e7e70000-0000-4000-8000-000000000001',
    title: 'Robotics Expo',
    description: 'Line followers and drones.\nBring your own bot.',
    date: '2026-03-01',
    time: '18:30',
    venue: 'Main Hall',
    thumbnail: '/files/expo-cover',
    owner: aProfessor()._id,
    instagram: '',
    twitter: '',
    linkedin: '',
    gform: '',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...patch,
  };
}

/** A listing entry: the event wrapped with its host's name and avatar. */
export function aListing(patch: Partial<CampusEvent> = {}, host: { fullname?: string; avatar?: string } = {}): EventListing {
  return { events: anEvent(patch), fullname: host.fullname ?? aProfessor().fullname, avatar: host.avatar ?? aProfessor().avatar };
}

/** `n` listings with distinct ids and titles ("Event 1", "Event 2", …). */
export const listings = (n: number) =>
  Array.from({ length: n }, (_, i) => aListing({ _id: `e7e70000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`, title: `Event ${i + 1}` }));
