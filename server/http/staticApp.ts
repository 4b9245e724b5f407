// Serving the built app (dist/) from the same origin as the API, with a single-page-app
// fallback: any GET for a page route (no file extension, not /api or /admin) gets
// index.html, and the app's router takes it from there.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiFailure } from './apiFailure.ts';
import type { Replies } from './replies.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SERVER_PATHS = /^\/(api|admin)(\/|$)/;

function cacheControlFor(root: string, file: string): string {
  // Vite puts content-hashed files under assets/: a new build gives them new names.
  if (path.relative(root, file).split(path.sep)[0] === 'assets') return IMMUTABLE;
  // Everything else (index.html, sw.js, the manifest, icons) keeps its name across
  // releases, so browsers revalidate it on each load: an old shell or service worker must
  // not outlive a deployment.
  return 'no-cache';
}

/** Serves `distDir` when it holds a build; says whether it does. */
export async function serveBuiltApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  const root = path.resolve(distDir);
  if (!fs.existsSync(path.join(root, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root,
    cacheControl: false,
    dotfiles: 'ignore',
    setHeaders: (response, file) =>
      response.setHeader('cache-control', cacheControlFor(root, file)),
  });
  return true;
}

function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (SERVER_PATHS.test(pathname)) return false;
  const lastSegment = pathname.split('/').at(-1) ?? '';
  return !lastSegment.includes('.');
}

export function installNotFoundHandler(
  app: FastifyInstance,
  replies: Replies,
  servesApp: boolean,
): void {
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (servesApp && isPageRequest(request)) return reply.sendFile('index.html');
    return reply.status(404).send(replies.failure(request, new ApiFailure('not_found')));
  });
}
