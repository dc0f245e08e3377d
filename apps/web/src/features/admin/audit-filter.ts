import type { AuditFilter } from './keys';
import { isAuditAction } from './audit-words';

/**
 * The audit log's filters from the URL's query. Apart from the users list's (user-filter.ts): the
 * action names it checks against are the audit pages' words, which a user's page need not load.
 */
export function auditFilterOf(params: URLSearchParams): AuditFilter {
  const action = params.get('action') ?? '';
  return { actor: params.get('actor') ?? '', target: params.get('target') ?? '', action: isAuditAction(action) ? action : '' };
}
