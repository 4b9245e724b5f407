// Steps of the browser tests of payments on the chain: where a person goes, and what a
// payment looks like from the page.
import { expect } from 'vitest';
import type { BrowserApp } from './browserApp.ts';
import { confirmPopup, goHome } from './money.ts';

/** From any page: home, then the menu entry `name`. */
export async function openFromMenu(app: BrowserApp, name: string, path: string): Promise<void> {
  await goHome(app);
  await app.page.getByRole('button', { name: 'Menu' }).click();
  await app.page
    .getByRole('navigation', { name: 'Menu' })
    // Not exact: an entry's name may end with its unread mark ('Notices, unread').
    .getByRole('link', { name })
    .first()
    .click();
  await expect.poll(app.path).toBe(path);
}

/** Presses the pay button, accepts the confirm popup; answers the popup's text. */
export async function payWith(
  app: BrowserApp,
  button: string | RegExp,
  popupTitle: string,
): Promise<string> {
  await app.page.getByRole('button', { name: button }).filter({ visible: true }).click();
  return confirmPopup(app.page, popupTitle, 'Pay');
}

/**
 * Presses this page's own Refresh. Kept-alive pages stay hidden in the document, and while one
 * is revealed the page it replaces can still match for a frame: a click that finds its button
 * hidden is tried again on a fresh match rather than waiting on the stale one.
 */
export async function refresh(app: BrowserApp): Promise<void> {
  const button = app.page
    .getByRole('button', { name: 'Refresh', exact: true })
    .filter({ visible: true })
    .first();
  await expect
    .poll(() =>
      button.click({ timeout: 2_000 }).then(
        () => true,
        () => false,
      ),
    )
    .toBe(true);
}

/** Refreshes the visible list until `read` answers `expected`. */
export async function refreshUntil(
  app: BrowserApp,
  read: () => Promise<string | null>,
  expected: string,
): Promise<void> {
  await expect
    .poll(async () => {
      const value = await read();
      if (value !== expected) await refresh(app);
      return value;
    })
    .toBe(expected);
}

export const WEI_PER_JU = 10n ** 18n;
