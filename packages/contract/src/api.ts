/** The whole API, one table per feature: what the server registers and the web app calls. */
import { systemApi } from './config';
import { coursesApi } from './courses';
import { applicationsApi, marksheetsApi } from './marksheets';
import { notesApi } from './notes';
import { filesApi } from './files';
import { usersApi } from './users';
import { eventsApi } from './events';
import { notificationsApi } from './notifications';
import { calendarApi } from './calendar';
import { adminApi } from './admin';
import { authApi } from './auth';
import { documentsApi } from './documents';
import { courseworkApi } from './coursework';

export const api = {
  system: systemApi,
  users: usersApi,
  courses: coursesApi,
  notes: notesApi,
  applications: applicationsApi,
  marksheets: marksheetsApi,
  files: filesApi,
  notifications: notificationsApi,
  events: eventsApi,
  calendar: calendarApi,
  admin: adminApi,
  auth: authApi,
  documents: documentsApi,
  coursework: courseworkApi,
};
