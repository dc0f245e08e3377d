import type { AuditDetails, AuditEntry, AuditPerson } from '@campus/contract';
import type { ListedEntry } from './audit.queries';

const person = (p: { id: string; fullname: string; registrationId: number }): AuditPerson => ({ _id: p.id, fullname: p.fullname, registrationId: Number(p.registrationId) });

/** An entry as the contract's JSON: its people by id, name and registration id. */
export function presentEntry({ entry, actor, target }: ListedEntry): AuditEntry {
  return {
    _id: String(entry.id),
    at: entry.at.toISOString(),
    action: entry.action as AuditEntry['action'],
    actor: actor ? person(actor) : null,
    target: person(target),
    details: entry.details as AuditDetails,
    ip: entry.ip,
  };
}
