// What a failed browser test leaves in the log: the page's address, what it showed (toasts,
// alerts, dialogs, the main heading) and its last console lines. Browser tests that fail only
// under CI's load can then be read from the log alone.
import type { Page } from 'playwright-core';

const KEPT_LINES = 30;
const lines = new WeakMap<Page, string[]>();

/** Keeps the page's last console lines and uncaught errors, for a digest on failure. */
export function keepConsole(page: Page): void {
  const kept: string[] = [];
  lines.set(page, kept);
  const keep = (line: string) => {
    kept.push(line);
    if (kept.length > KEPT_LINES) kept.shift();
  };
  page.on('console', (message) => keep(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => keep(`pageerror: ${error.message}`));
  page.on('requestfailed', (request) =>
    keep(`requestfailed: ${request.method()} ${request.url()} ${request.failure()?.errorText}`),
  );
}

export async function failureDigest(page: Page): Promise<string> {
  const shown = await page
    .evaluate(() => {
      const texts = (selector: string) =>
        [...document.querySelectorAll<HTMLElement>(selector)]
          .filter((element) => element.offsetParent !== null || element.tagName === 'DIALOG')
          .map((element) => element.innerText.replace(/\s+/g, ' ').trim().slice(0, 400))
          .filter(Boolean);
      return {
        heading: texts('h1'),
        toasts: texts('[role="status"], [role="alert"], [data-sonner-toast], .toast'),
        dialogs: texts('dialog[open], [role="dialog"], [role="alertdialog"]'),
        realtime: document.documentElement.dataset.realtimeState ?? null,
        main: texts('main'),
      };
    })
    .catch((error: unknown) => ({ unreadable: String(error) }));
  return [
    `--- the page when the test failed: ${page.url()}`,
    JSON.stringify(shown, null, 1),
    '--- its last console lines:',
    ...(lines.get(page) ?? []),
    '---',
  ].join('\n');
}
