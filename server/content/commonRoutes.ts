// /api/v1/common/*: public calls every visitor may make.
import { type MarqueeData, commonEndpoints } from '../../contract/api/common.ts';
import { marqueeFor } from './blocks.ts';
import { defineRoute } from '../http/route.ts';

export const commonRoutes = [
  defineRoute({
    endpoint: commonEndpoints.marquee,
    handler: ({ context: { db }, request }): Promise<MarqueeData> => marqueeFor(db, request.locale),
  }),
];
