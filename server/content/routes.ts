// /api/v1/content/*: the home page's operator content, public (visitors see the home page).
import { type HomeData, contentEndpoints } from '../../contract/api/content.ts';
import { homeContentFor } from './blocks.ts';
import { defineRoute } from '../http/route.ts';

export const contentRoutes = [
  defineRoute({
    endpoint: contentEndpoints.home,
    handler: ({ context: { db }, request }): Promise<HomeData> =>
      homeContentFor(db, request.locale),
  }),
];
