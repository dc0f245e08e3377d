/** The whole API, one table per feature (API.md): what the server registers and the web app calls. */
import { coursesApi } from './courses';
import { applicationsApi, marksheetsApi } from './marksheets';
import { notesApi } from './notes';

export const api = {
  courses: coursesApi,
  notes: notesApi,
  applications: applicationsApi,
  marksheets: marksheetsApi,
};
