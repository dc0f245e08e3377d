/**
 * What the app and other features may use of the audit trail: the writer each change calls in
 * its own transaction, the listing the administration reads, and the route of one's own activity.
 */
export { audit, auditEach, byRequest, type AuditBy } from './audit.writer';
export { listAuditEntries, type AuditFilter } from './audit.queries';
export { presentEntry } from './audit.presenter';
export { auditRoutes } from './audit.routes';
export { deviceOf, type Device } from './device';
