// The painted home page starts its scripts once its text is on screen. The browser would
// otherwise fetch, compile and (from a warm cache) run the app's scripts while the page is
// still on its way to the first paint: on a slow phone the text would wait for that work. A
// small inline script, allowed by its hash in the CSP (no 'unsafe-inline'), asks for the
// app's scripts after the first contentful paint.
import { createHash } from 'node:crypto';
import { EARLY_TAP_ATTRIBUTE } from '../../contract/boot/earlyTap.ts';
import { jsonScript } from './jsonScript.ts';

export const APP_SCRIPTS_ELEMENT_ID = 'ju-app-scripts';

/** What the boot script loads: the entry and the chunks to fetch beside it. */
export interface AppScripts {
  entry: string;
  preload: string[];
}

// Plain ES2020, kept short: it runs on every first visit before anything else. A hidden
// page (opened in a background tab) paints nothing, so it starts at once; a browser without
// paint timing starts a frame later; and whatever happens, the app starts within 3 s. Until
// the app replaces the painted markup, a tap on one of its buttons is remembered for the app
// (contract/boot/earlyTap.ts) and answered at once: the button shows busy until the app acts.
const BOOT_SCRIPT = `(() => {
  const files = JSON.parse(document.getElementById('${APP_SCRIPTS_ELEMENT_ID}').textContent);
  document.addEventListener('click', (event) => {
    const button = event.target.closest?.('[data-first-paint] button');
    const name = button && (button.getAttribute('aria-label') || button.textContent.trim());
    if (!name) return;
    document.documentElement.setAttribute('${EARLY_TAP_ATTRIBUTE}', name);
    button.setAttribute('aria-busy', 'true');
  }, true);
  let started = false;
  const add = (tag, attributes) => {
    const element = Object.assign(document.createElement(tag), attributes);
    element.crossOrigin = 'anonymous';
    document.head.append(element);
  };
  const start = () => {
    if (started) return;
    started = true;
    for (const href of files.preload) add('link', { rel: 'modulepreload', href });
    add('script', { type: 'module', src: files.entry });
  };
  if (document.visibilityState === 'hidden') return start();
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(start));
  }
  document.addEventListener('visibilitychange', start, { once: true });
  setTimeout(start, 3000);
})();`;

/** The CSP source that lets the boot script, and no other inline script, run. */
export const BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

const MODULE_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;

/**
 * The page with its module script and preload links taken out and handed to the boot
 * script, which runs at the end of the body. A page with no module script is left as is.
 */
export function withScriptsAfterPaint(html: string): string {
  const entry = [...html.matchAll(MODULE_SCRIPT)].map((match) => match[1]!);
  if (entry.length !== 1) return html;
  const scripts: AppScripts = {
    entry: entry[0]!,
    preload: [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!),
  };
  const boot = jsonScript(APP_SCRIPTS_ELEMENT_ID, scripts) + `<script>${BOOT_SCRIPT}</script>`;
  return html
    .replace(MODULE_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</body>', `${boot}</body>`);
}

/** The page's CSP with the boot script allowed, for a page that carries it. */
export function withBootScriptAllowed(policy: string): string {
  return policy.replace(/(^|;\s*)script-src ([^;]*)/, `$1script-src $2 ${BOOT_SCRIPT_SOURCE}`);
}
