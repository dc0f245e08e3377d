/** What the app may use of marksheets: its routes. */
export { marksheetsRoutes } from './marksheets.routes';
