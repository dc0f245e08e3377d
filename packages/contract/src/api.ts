/** The whole API, one table per feature (API.md): what the server registers and the web app calls. */
import { coursesApi } from './courses';
import { eventsApi } from './events';
import { notificationsApi } from './notifications';

export const api = {
  courses: coursesApi,
  notifications: notificationsApi,
  events: eventsApi,
};
