/** Documents a gate can trust: the admit card and marksheets signed, the keys published, tokens checked. */
export { documentsRoutes } from './documents.routes';
/** The students with an exam ahead and no photo (the administrator's home counts them). */
export { countStudentsWithoutPhoto } from './without-photo';
/** Signing with the documents' keys (a coursework receipt is checked where every document is). */
export { openDocumentKeys, type DocumentSigner } from './document-keys';
