// Home page content (spec §1: protocol, ticket purchase steps, ecosystem news). All of it,
// promotional figures included, is operator content in the request's LANG with English as
// fallback; the app holds none of it as constants. Plain text only: the home page is the
// first screen and carries no HTML sanitiser.
import * as v from 'valibot';
import { marqueeDataSchema, type MarqueeData } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

export const contentPaths = {
  home: '/api/v1/content/home',
} as const;

/**
 * The id of the `<script type="application/json">` in which the server hands the home page
 * its content ({@link InlineHomeContent}), so the first screen shows it without a request.
 */
export const INLINE_HOME_CONTENT_ELEMENT_ID = 'ju-home-content';

const text = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(max));

export const homeContentSchema = v.object({
  /** Short figures shown as tiles, e.g. { label: 'Annual yield', value: '8–15%' }. */
  highlights: v.pipe(v.array(v.object({ label: text(40), value: text(24) })), v.maxLength(6)),
  protocol: v.object({ title: text(80), text: text(2000) }),
  steps: v.object({ title: text(80), items: v.pipe(v.array(text(300)), v.maxLength(12)) }),
  news: v.object({
    title: text(80),
    items: v.pipe(
      v.array(
        v.object({
          title: text(120),
          text: text(1000),
          /** A day, YYYY-MM-DD, shown as the news item's date. */
          date: v.optional(v.pipe(v.string(), v.isoDate())),
        }),
      ),
      v.maxLength(12),
    ),
  }),
});
export type HomeContent = v.InferOutput<typeof homeContentSchema>;

export const homeDataSchema = v.object({
  /** Null until the operator sets home content (the reference server seeds some). */
  content: v.nullable(homeContentSchema),
  lang: v.nullable(v.string()),
  updated_at: v.nullable(v.string()),
});
export type HomeData = v.InferOutput<typeof homeDataSchema>;

/** What the page carries inline: the home content for the language the server guessed. */
export const inlineHomeContentSchema = v.object({
  locale: v.string(),
  data: homeDataSchema,
  /**
   * Each news date (YYYY-MM-DD) in the words the page shows it in, for `locale`: the app's
   * first render shows the same words without formatting a date itself (a browser's first date
   * format loads its calendar data, tens of milliseconds on a phone's main thread).
   */
  days: v.optional(v.record(v.string(), v.string())),
  /** The marquee in `locale`, so the first screen makes no call (a call loads the envelope). */
  marquee: v.optional(marqueeDataSchema),
});
export type InlineHomeContent = v.InferOutput<typeof inlineHomeContentSchema>;

/** What the server reads for the home page's first paint. */
export interface HomePageContent {
  readonly home: HomeData;
  /** Absent when it could not be read: the app then asks for it. */
  readonly marquee?: MarqueeData;
}

/** Every endpoint of this area, described once (api/endpoint.ts). */
export const contentEndpoints = {
  home: defineEndpoint({
    method: 'GET',
    path: contentPaths.home,
    auth: 'none',
    output: homeDataSchema,
  }),
};
