/** The whole API, one table per feature (API.md): what the server registers and the web app calls. */
import { coursesApi } from './courses';

export const api = {
  courses: coursesApi,
};
