/**
 * The built web app under /app/: files from the dist folder, and index.html for any other /app/*
 * path so the SPA's history routes survive a reload. `/` goes to /app/. When the app has not been
 * built, /app/ says so plainly instead of a bare 404.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

export const WEB_NOT_BUILT_MESSAGE = 'The Ledgerport web app has not been built yet. Run `npm run build` (or `npm start`, which builds it) and reload this page.';

export interface WebAppFallback {
  /** Answers a GET under /app/ that matched no file; false when the request is not the web app's. */
  (request: FastifyRequest, reply: FastifyReply): boolean;
}

export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<WebAppFallback> {
  const isBuilt = fs.existsSync(path.join(distDir, 'index.html'));
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect('/app/', 302));
  app.get('/app', { schema: { hide: true } }, (_request, reply) => reply.redirect('/app/', 302));

  if (!isBuilt) {
    return (request, reply) => {
      if (!isWebPath(request)) return false;
      void reply.status(503).type('text/plain; charset=utf-8').send(WEB_NOT_BUILT_MESSAGE);
      return true;
    };
  }

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/app/',
    wildcard: true,
    index: ['index.html'],
    // The build writes .br and .gz beside each text file (apps/web/precompress.ts): sent as the
    // browser accepts, never compressed per request.
    preCompressed: true,
    // Hashed asset names change with their content; index.html must always be fetched fresh.
    setHeaders: (reply, filePath) => {
      void reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return (request, reply) => {
    if (!isWebPath(request)) return false;
    // The sign-in popup's pages (decision 0064) go on to an identity provider and back: under the
    // app's same-origin-allow-popups they would lose their opener (a new browsing context group), and
    // the sign-in page would see its popup as closed.
    if (request.url.startsWith('/app/oauth/')) void reply.header('cross-origin-opener-policy', 'unsafe-none');
    void reply.header('cache-control', 'no-cache').sendFile('index.html', distDir);
    return true;
  };
}

function isWebPath(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && (request.url === '/app/' || request.url.startsWith('/app/'));
}
