// The app's own pages, learnt from its generated route tree (src/routeTree.gen.ts, written
// by TanStack Router's build plugin and committed): the server answers the app page for
// these paths only, and 404 for any other, so a probe of a path that does not exist is
// never told 200.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROUTE_TREE_FILE = fileURLToPath(
  new URL('../../src/routeTree.gen.ts', import.meta.url),
);

/** The route tree's full paths, e.g. '/', '/wallet/', '/bank/cardDetail/$id'. */
export function appRoutePaths(routeTreeSource: string): string[] {
  const union = /^\s*fullPaths:\s*\n((?:\s*\|\s*'[^']*'\s*\n)+)/m.exec(routeTreeSource);
  if (!union) throw new Error('The route tree has no fullPaths list: was it generated?');
  return [...union[1]!.matchAll(/'([^']*)'/g)].map((match) => match[1]!);
}

/**
 * The Fastify URL patterns that serve a route path: `$id` becomes `:id`, a lone `$` (the rest
 * of the path) `*`; an index route ('/wallet/') is served with and without its slash.
 */
export function fastifyPatterns(routePath: string): string[] {
  const segments = routePath.split('/').map((segment) => {
    if (segment === '$') return '*';
    if (/^\$\w+$/.test(segment)) return `:${segment.slice(1)}`;
    if (/[$:*{}()]/.test(segment))
      throw new Error(`The route ${routePath} uses a pattern the server cannot serve yet`);
    return segment;
  });
  const pattern = segments.join('/');
  if (pattern === '/' || !pattern.endsWith('/')) return [pattern];
  return [pattern.slice(0, -1), pattern];
}

/** Every Fastify pattern of the app's pages, from the route tree on disk. */
export function readAppPagePatterns(file = ROUTE_TREE_FILE): string[] {
  const patterns = appRoutePaths(fs.readFileSync(file, 'utf8')).flatMap(fastifyPatterns);
  return [...new Set(patterns)];
}
