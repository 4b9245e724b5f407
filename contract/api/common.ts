// Common calls (spec §7): the marquee, the scrolling line of operator news on the home page.
// Public: visitors see it too. The text is in the LANG of the request, English as fallback.
import * as v from 'valibot';
import { defineEndpoint } from './endpoint.ts';

export const commonPaths = {
  marquee: '/api/v1/common/marquee',
} as const;

/** Longest marquee item the operator may set, in characters. */
export const MARQUEE_ITEM_MAX_LENGTH = 300;

export const marqueeDataSchema = v.object({
  /** One item per line the operator set; empty when there is nothing to say. */
  list: v.array(v.string()),
  /** The language the items are in (a locale tag such as 'en'); null when there are none. */
  lang: v.nullable(v.string()),
});
export type MarqueeData = v.InferOutput<typeof marqueeDataSchema>;

/** Every endpoint of this area, described once (api/endpoint.ts). */
export const commonEndpoints = {
  marquee: defineEndpoint({
    method: 'GET',
    path: commonPaths.marquee,
    auth: 'none',
    output: marqueeDataSchema,
  }),
};
