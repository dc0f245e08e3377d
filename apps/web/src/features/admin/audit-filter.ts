import type { AuditFilter } from './keys';
import { isAuditAction } from './audit-words';

/**
 * The audit log's filters from the URL's query. Apart from the users list's (user-filter.ts): the
 * action names it checks against are the audit pages' words, which a user's page need not load.
 */
export function auditFilterOf(params: URLSearchParams): AuditFilter {
  const action = params.get('action') ?? '';
  // A day the URL holds in another form is dropped, not sent for the server to refuse.
  const day = (name: string) => (/^\d{4}-\d{2}-\d{2}$/.test(params.get(name) ?? '') ? params.get(name)! : '');
  return { actor: params.get('actor') ?? '', target: params.get('target') ?? '', action: isAuditAction(action) ? action : '', q: params.get('q')?.trim() ?? '', from: day('from'), to: day('to') };
}

/** The filter as the audit calls' query: what is empty is left out. */
export const auditQueryOf = (filter: AuditFilter) => ({
  actor: filter.actor || undefined,
  target: filter.target || undefined,
  action: filter.action || undefined,
  q: filter.q || undefined,
  from: filter.from || undefined,
  to: filter.to || undefined,
});
