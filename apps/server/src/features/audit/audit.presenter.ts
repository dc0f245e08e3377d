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

/**
 * An entry as its target reads it in My activity: the address it came from only when the
 * caller did it themselves (their own sign-ins, their own password change). A staff member's,
 * an administrator's or the registrar's address is theirs, not the target's to see; the
 * administrators' audit log keeps it (presentEntry).
 */
export function presentOwnEntry(callerId: string) {
  return (listed: ListedEntry): AuditEntry => {
    const entry = presentEntry(listed);
    return listed.entry.actorId === callerId ? entry : { ...entry, ip: null };
  };
}
