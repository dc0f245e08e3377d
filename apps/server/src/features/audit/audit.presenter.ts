import type { AuditDetails, AuditEntry, AuditPerson } from '@campus/contract';
import type { ListedEntry } from './audit.queries';

type Person = { id: string; fullname: string; registrationId: number } | null;

/** A person by id, name and registration id; one whose account was since deleted, by id alone (no name, registration id 0). */
const person = (id: string, p: Person): AuditPerson => (p ? { _id: p.id, fullname: p.fullname, registrationId: Number(p.registrationId) } : { _id: id, fullname: '', registrationId: 0 });

/** An entry as the contract's JSON: its people by id, name and registration id; no actor when the system or the roster did it. */
export function presentEntry({ entry, actor, target }: ListedEntry): AuditEntry {
  return {
    _id: String(entry.id),
    at: entry.at.toISOString(),
    action: entry.action as AuditEntry['action'],
    actor: entry.actorId === null ? null : person(entry.actorId, actor),
    target: person(entry.targetId, target),
    details: entry.details as AuditDetails,
    ip: entry.ip,
  };
}
