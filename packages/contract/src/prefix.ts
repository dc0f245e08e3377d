/** Every API path starts here. */
export const API_PREFIX = '/api/v1';
