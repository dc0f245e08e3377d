import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { CLIENT_ROUTES } from '@campus/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';

export interface WebApp {
  /** Sends index.html with 404 for an unknown non-API path; false when there is no web build. */
  notFound(reply: FastifyReply): boolean;
}

/**
 * Serves the built web app from WEB_DIST: hashed /assets forever-cacheable, index.html (never
 * cached, so a new deploy is picked up) for every client route. Without a build (tests, API-only
 * runs) nothing is registered and unknown paths get a plain 404.
 */
export async function registerWebApp(app: FastifyInstance): Promise<WebApp> {
  const root = app.config.webDist;
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    app.log.info({ webDist: root }, 'no web build found: serving the API only');
    return { notFound: () => false };
  }
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies (quality 11, level 9): sent as they are by Accept-Encoding.
    preCompressed: true,
    // A hashed file is never asked for again and the rest revalidate by ETag: Last-Modified adds
    // nothing, nor do ranges of scripts and icons. Both are bytes on every script of a first load.
    lastModified: false,
    acceptRanges: false,
    setHeaders: (res, filePath) => {
      const rel = path.relative(root, filePath);
      res.header('cache-control', rel.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const sendIndex = (reply: FastifyReply, status: number) =>
    reply.code(status).header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  for (const route of CLIENT_ROUTES) {
    // Pages, not API: kept out of the OpenAPI document.
    app.get(route, { schema: { hide: true } }, (_request, reply) => sendIndex(reply, 200));
  }
  return {
    notFound(reply) {
      void sendIndex(reply, 404);
      return true;
    },
  };
}
