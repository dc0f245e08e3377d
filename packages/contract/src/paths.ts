/**
 * Every API path, built from the endpoint tables (`api`), so the server's routes, the web app's
 * calls and the tests' URLs cannot drift.
 */
import { api } from './api';
import { pathsOf } from './endpoint';
import { FILES_PREFIX, fileUrl } from './files';
import { API_PREFIX } from './prefix';

export { API_PREFIX, FILES_PREFIX, fileUrl };

const { system, ...features } = api;

export const paths = {
  /** The portal-wide calls sit at the top: `paths.health`, `paths.ready`, `paths.config`. */
  ...pathsOf(system),
  ...pathsOf(features),
};
