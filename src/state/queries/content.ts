// Operator content of the home page: the marquee and the home content, in the reader's
// language (the client's LANG header), so each key carries the locale. Both are plain
// requests: a visitor reading the home page does not download the HTTP library.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import type { ApiClient } from '../../api/client.ts';
import { commonEndpoints } from '../../../contract/api/common.ts';
import { inlineHomeContentSchema, contentEndpoints } from '../../../contract/api/content.ts';

export const contentKeys = {
  all: ['content'] as const,
  home: (locale: string) => ['content', 'home', locale] as const,
  marquee: (locale: string) => ['content', 'marquee', locale] as const,
};

// Content changes rarely; a visit refreshes it at most every few minutes.
const CONTENT_STALE_MS = 5 * 60_000;

export function homeContentOptions(api: ApiClient, locale: string) {
  return queryOptions({
    queryKey: contentKeys.home(locale),
    queryFn: ({ signal }) => api.call(contentEndpoints.home, undefined, { signal, plain: true }),
    staleTime: CONTENT_STALE_MS,
  });
}

export function marqueeOptions(api: ApiClient, locale: string) {
  return queryOptions({
    queryKey: contentKeys.marquee(locale),
    queryFn: ({ signal }) => api.call(commonEndpoints.marquee, undefined, { signal, plain: true }),
    staleTime: CONTENT_STALE_MS,
  });
}

/**
 * Puts the home content and the marquee the server wrote into the page (`inline`, the text of
 * its JSON element) into the cache as fresh, so the home page shows them without a request. Content for
 * another language than the app's (a saved choice the server could not know) is left out.
 */
export function seedHomeContent(
  queryClient: QueryClient,
  locale: string,
  inline: string | null | undefined,
  now = Date.now(),
): boolean {
  if (!inline) return false;
  let parsed;
  try {
    parsed = v.safeParse(inlineHomeContentSchema, JSON.parse(inline));
  } catch {
    return false;
  }
  if (!parsed.success || parsed.output.locale !== locale) return false;
  queryClient.setQueryData(contentKeys.home(locale), parsed.output.data, { updatedAt: now });
  if (parsed.output.marquee)
    queryClient.setQueryData(contentKeys.marquee(locale), parsed.output.marquee, {
      updatedAt: now,
    });
  for (const [day, words] of Object.entries(parsed.output.days ?? {}))
    pageDays.set(`${locale} ${day}`, words);
  return true;
}

// News dates as the page wrote them, by locale and day (see inlineHomeContentSchema's days).
const pageDays = new Map<string, string>();

/** The words the page used for a news date in `locale`, if it carried them. */
export function pageDay(locale: string, day: string): string | undefined {
  return pageDays.get(`${locale} ${day}`);
}
