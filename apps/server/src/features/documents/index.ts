/** Documents a gate can trust: the admit card and marksheets signed, the keys published, tokens checked. */
export { documentsRoutes } from './documents.routes';
