// The home page's first paint comes from the app itself: the build compiles the app's home
// for Node (src/boot/firstPaint.tsx, written to dist/.first-paint/ by vite.config.ts), and
// the server calls it per language and per copy of the operator's home content. There is no
// second copy of the page's markup to keep in step (test/e2e/content.test.ts checks that the
// painted page and the app's render agree).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { HomeData, InlineHomeContent } from '../../contract/api/content.ts';
import type { Locale } from '../../contract/i18n/locales.ts';

/** Where the build puts the renderer, under the app's build directory. */
export const FIRST_PAINT_MODULE = path.join('.first-paint', 'firstPaint.js');

/** The markup of `#root` for the plain home page, signed out. */
export type RenderFirstPaint = (content: InlineHomeContent & { locale: Locale }) => Promise<string>;

/** The build's renderer, or null when the build has none (the app then paints on its own). */
export async function loadFirstPaint(distDir: string): Promise<RenderFirstPaint | null> {
  const file = path.join(distDir, FIRST_PAINT_MODULE);
  if (!fs.existsSync(file)) return null;
  const module = (await import(pathToFileURL(file).href)) as { renderFirstPaint?: unknown };
  return typeof module.renderFirstPaint === 'function'
    ? (module.renderFirstPaint as RenderFirstPaint)
    : null;
}

/** Each news date (YYYY-MM-DD) in words, as HomeContent writes it (Lingui's i18n.date). */
export function newsDays(home: HomeData, locale: Locale): Record<string, string> {
  const format = new Intl.DateTimeFormat([locale, 'en'], { dateStyle: 'medium', timeZone: 'UTC' });
  const days: Record<string, string> = {};
  for (const { date } of home.content?.news.items ?? [])
    if (date) days[date] = format.format(new Date(`${date}T00:00:00Z`));
  return days;
}
