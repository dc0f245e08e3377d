/** What the app may use of notes: its routes. */
export { notesRoutes } from './notes.routes';
