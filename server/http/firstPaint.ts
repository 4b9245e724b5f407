// The home page's first paint, written into index.html by the server: the same header and
// sign-in card the app renders, in the visitor's likely language, so text shows as soon as
// the HTML and the style sheet arrive. The app replaces it with its own render on start.
// Keep the markup in step with src/routes/__root.tsx, AppHeader and HomeScreen's SignInHero.
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { langOf, type Locale } from '../../src/i18n/locales.ts';
import type { Translator } from '../i18n/catalogs.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// An icon's box only: the app draws the icon itself a moment later.
const iconBox = (size: number) =>
  `<svg width="${size}" height="${size}" viewBox="0 0 24 24" aria-hidden="true"></svg>`;

export function firstPaintHtml(translator: Translator, locale: Locale): string {
  const say = (message: string, values?: Record<string, string>) =>
    escapeHtml(translator.translate(locale, { id: generateMessageId(message), message }, values));
  const code = langOf(locale);
  return (
    `<div class="app"><a class="skip-link" href="#main">${say('Skip to content')}</a>` +
    `<header class="app-header"><div class="app-header-start">` +
    `<button type="button" class="icon-button" aria-label="${say('Menu')}">${iconBox(24)}</button></div>` +
    `<h1 class="app-title">${say('Home')}</h1><div class="app-header-end">` +
    `<button type="button" class="icon-button language-button" aria-label="${say('Language: {code}', { code })}">${iconBox(20)}<span>${code}</span></button>` +
    `</div></header><main id="main" class="page" tabindex="-1"><div class="page-view"><div class="stack">` +
    `<section class="hero card"><p class="hero-kicker">JU Wallet</p>` +
    `<h2 class="hero-title">${say('Your wallet, tickets and cards in one place')}</h2>` +
    `<p class="hero-text">${say('Sign in with your wallet: no password, just a signature.')}</p>` +
    `<button type="button" class="button button-primary button-block">${say('Connect wallet')}</button>` +
    `</section></div></div></main></div>`
  );
}
