import { fileUrl, type CampusEvent, type EventListing } from '@campus/contract';
import type { EventRow } from '../../db/schema';
import type { EventView } from './events.queries';

/** An event as the contract's JSON: string ids, the day as YYYY-MM-DD, the time as HH:MM, ISO timestamps. */
export function presentEvent(row: EventRow): CampusEvent {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    date: row.date,
    // PostgreSQL prints a time as HH:MM:SS.
    time: row.time.slice(0, 5),
    venue: row.venue,
    thumbnail: row.thumbnailFileId ? fileUrl(row.thumbnailFileId) : '',
    owner: row.ownerId,
    instagram: row.instagram,
    twitter: row.twitter,
    linkedin: row.linkedin,
    gform: row.gform,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A listing entry: the event wrapped with its host's name and avatar URL. */
export const presentListing = ({ row, fullname, avatarFileId }: EventView): EventListing => ({
  events: presentEvent(row),
  fullname,
  avatar: avatarFileId ? fileUrl(avatarFileId) : '',
});
