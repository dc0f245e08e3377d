/** Every API path starts here. No zod in this file: pages that need only a prefix stay light. */
export const API_PREFIX = '/api/v1';

/** Uploaded files are served here (docs/product.md#files), outside /api: their URLs are what answers carry. */
export const FILES_PREFIX = '/files';
export const fileUrl = (fileId: string) => `${FILES_PREFIX}/${fileId}`;
