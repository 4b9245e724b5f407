// The home page's first paint, written into index.html by the server: the same header,
// marquee bar, sign-in card, services and home content the app renders, in the visitor's
// likely language, so the page's text (its largest paragraph included) shows as soon as the
// HTML arrives. The app replaces it with its own render on start; the markup matches, so
// nothing moves. Keep it in step with src/routes/__root.tsx, AppHeader, HomeScreen's
// SignInHero, NavList (src/ui/NavList.tsx) with homeServices
// (src/features/home/homeServices.ts), Marquee and HomeContent
// (test/e2e/content.test.ts compares the two).
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import type { HomeData } from '../../src/api/content.ts';
import { langOf, type Locale } from '../../src/i18n/locales.ts';
import type { Translator } from '../i18n/catalogs.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// An icon's box only: the app draws the icon itself a moment later.
const iconBox = (size: number, attributes = 'aria-hidden="true"') =>
  `<svg width="${size}" height="${size}" viewBox="0 0 24 24" ${attributes}></svg>`;

// src/features/home/homeServices.ts: where each tile goes and its label.
const HOME_SERVICES: [to: string, label: string][] = [
  ['/wallet', 'Wallet'],
  ['/wallet/transfer', 'Transfer'],
  ['/withdraw', 'Withdraw'],
  ['/ticket/apply', 'Ticket application'],
  ['/node', 'Node purchase'],
  ['/bank', 'Card service'],
  ['/notice', 'Notices'],
  ['/mall/orders', 'Orders'],
];

type Say = (message: string, values?: Record<string, string>) => string;

function servicesHtml(say: Say): string {
  const lock = iconBox(14, `class="nav-lock" role="img" aria-label="${say('Sign-in needed')}"`);
  const tiles = HOME_SERVICES.map(
    ([to, label]) =>
      `<li><a href="${to}">${iconBox(22, 'class="nav-icon" aria-hidden="true"')}` +
      `<span class="nav-label">${say(label)}</span>${lock}</a></li>`,
  ).join('');
  return (
    `<nav class="quick-links card" aria-labelledby="home-quick-links">` +
    `<h2 id="home-quick-links" class="section-title">${say('Services')}</h2>` +
    `<ul class="tile-grid">${tiles}</ul></nav>`
  );
}

/** Each news date (YYYY-MM-DD) in words, as HomeContent writes it (Lingui's i18n.date). */
export function newsDays(home: HomeData, locale: Locale): Record<string, string> {
  const format = new Intl.DateTimeFormat([locale, 'en'], { dateStyle: 'medium', timeZone: 'UTC' });
  const days: Record<string, string> = {};
  for (const { date } of home.content?.news.items ?? [])
    if (date) days[date] = format.format(new Date(`${date}T00:00:00Z`));
  return days;
}

/**
 * HomeContent's markup for the operator's content; nothing when there is none. `days` are
 * the news dates in words (newsDays), the same the page hands the app.
 */
function homeContentHtml(home: HomeData, days: Record<string, string>): string {
  const { content } = home;
  if (!content) return '';
  const { highlights, protocol, steps, news } = content;
  const lang = home.lang ? ` lang="${escapeHtml(home.lang)}"` : '';
  const highlightsHtml =
    highlights.length > 0
      ? `<ul class="home-highlights">${highlights
          .map(
            (item) =>
              `<li><span class="home-highlight-value">${escapeHtml(item.value)}</span>` +
              `<span class="home-highlight-label">${escapeHtml(item.label)}</span></li>`,
          )
          .join('')}</ul>`
      : '';
  const newsItems = news.items
    .map(
      (item) =>
        `<li><h3>${escapeHtml(item.title)}</h3>` +
        (item.date
          ? `<time datetime="${escapeHtml(item.date)}">${escapeHtml(days[item.date] ?? '')}</time>`
          : '') +
        `<p class="home-text">${escapeHtml(item.text)}</p></li>`,
    )
    .join('');
  return (
    `<div class="home-content"${lang} data-testid="home-content">${highlightsHtml}` +
    `<section class="card" aria-labelledby="home-protocol">` +
    `<h2 id="home-protocol" class="section-title">${escapeHtml(protocol.title)}</h2>` +
    `<p class="home-text">${escapeHtml(protocol.text)}</p></section>` +
    `<section class="card" aria-labelledby="home-steps">` +
    `<h2 id="home-steps" class="section-title">${escapeHtml(steps.title)}</h2>` +
    `<ol class="home-steps">${steps.items.map((step) => `<li>${escapeHtml(step)}</li>`).join('')}</ol></section>` +
    `<section class="card" aria-labelledby="home-news">` +
    `<h2 id="home-news" class="section-title">${escapeHtml(news.title)}</h2>` +
    `<ul class="home-news">${newsItems}</ul></section></div>`
  );
}

export function firstPaintHtml(
  translator: Translator,
  locale: Locale,
  home: HomeData,
  days: Record<string, string>,
): string {
  const say: Say = (message, values) =>
    escapeHtml(translator.translate(locale, { id: generateMessageId(message), message }, values));
  const code = langOf(locale);
  return (
    `<div class="app" data-first-paint><a class="skip-link" href="#main">${say('Skip to content')}</a>` +
    `<header class="app-header"><div class="app-header-start">` +
    `<button type="button" class="icon-button" aria-label="${say('Menu')}">${iconBox(24)}</button></div>` +
    `<h1 class="app-title">${say('Home')}</h1><div class="app-header-end">` +
    `<button type="button" class="icon-button language-button" aria-label="${say('Language: {code}', { code })}">${iconBox(20)}<span>${code}</span></button>` +
    `</div></header><main id="main" class="page" tabindex="-1"><div class="page-view"><div class="stack">` +
    // The marquee bar keeps its height empty; its lines arrive with the app.
    `<section class="marquee" aria-label="${say('Announcements')}" data-testid="marquee">` +
    `<div class="marquee-window" tabindex="-1"></div></section>` +
    `<section class="hero card"><p class="hero-kicker">JU Wallet</p>` +
    `<h2 class="hero-title">${say('Your wallet, tickets and cards in one place')}</h2>` +
    `<p class="hero-text">${say('Sign in with your wallet: no password, just a signature.')}</p>` +
    `<button type="button" class="button button-primary button-block">${say('Connect wallet')}</button>` +
    `</section>${servicesHtml(say)}${homeContentHtml(home, days)}</div></div></main></div>`
  );
}
