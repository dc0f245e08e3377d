/**
 * What the app and other features may use of notifications: the named audiences a notice can go
 * to, the type of `app.notify` (telling them, inside the caller's transaction), and the feature
 * itself (its hub of event streams and its routes).
 */
export { type Notice, type Notify, type NotifyingDeps } from './notifications.service';
export { cohort, eachTheirOwn, enrolledIn, everyOf, examOffice, oneUser, type Notices, type Recipients } from './recipients';
export { registerNotifications } from './notifications.plugin';
