// The app's pages as the server learns them from the generated route tree (appRoutes.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  appRoutePaths,
  fastifyPatterns,
  readAppPagePatterns,
  ROUTE_TREE_FILE,
} from '../../server/http/appRoutes.ts';

describe("the app's routes", () => {
  it('reads every full path of the route tree', () => {
    const paths = appRoutePaths(readFileSync(ROUTE_TREE_FILE, 'utf8'));
    expect(paths).toContain('/');
    expect(paths).toContain('/wallet/moneyLog');
    expect(paths).toContain('/bank/cardDetail/$id');
    // The tree's own list, not a copy: as many as the router knows.
    const declared = /export interface FileRoutesByFullPath \{([^}]*)\}/.exec(
      readFileSync(ROUTE_TREE_FILE, 'utf8'),
    )![1]!;
    expect(paths).toHaveLength(declared.match(/^\s*'/gm)!.length);
  });

  it('turns route paths into Fastify patterns', () => {
    expect(fastifyPatterns('/')).toEqual(['/']);
    expect(fastifyPatterns('/wallet/moneyLog')).toEqual(['/wallet/moneyLog']);
    expect(fastifyPatterns('/wallet/')).toEqual(['/wallet', '/wallet/']);
    expect(fastifyPatterns('/bank/cardDetail/$id')).toEqual(['/bank/cardDetail/:id']);
    expect(fastifyPatterns('/files/$')).toEqual(['/files/*']);
    expect(() => fastifyPatterns('/posts/{-$category}')).toThrow(/cannot serve/);
  });

  it('serves the whole tree, each pattern once', () => {
    const patterns = readAppPagePatterns();
    expect(new Set(patterns).size).toBe(patterns.length);
    expect(patterns).toEqual(
      expect.arrayContaining(['/', '/index', '/wallet', '/notice/detail/:id']),
    );
  });

  it('refuses a file that is not a generated route tree', () => {
    expect(() => appRoutePaths('export const x = 1;')).toThrow(/fullPaths/);
  });
});
