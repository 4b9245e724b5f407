// /api/v1/common/*: public calls every visitor may make.
import { commonPaths, type MarqueeData } from '../../src/api/common.ts';
import { marqueeFor } from '../content/blocks.ts';
import { defineRoute } from '../http/route.ts';

export const commonRoutes = [
  defineRoute({
    method: 'GET',
    path: commonPaths.marquee,
    auth: 'none',
    handler: ({ context: { db }, request }): Promise<MarqueeData> => marqueeFor(db, request.locale),
  }),
];
