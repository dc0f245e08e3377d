/**
 * What the app and other features may use of notifications: telling users something (inside the
 * caller's transaction), and the feature itself (its hub of event streams and its routes).
 */
export { notify, oneUser, type Notice } from './notifications.service';
export { registerNotifications } from './notifications.plugin';
