// Steps of the content, notice, mall and user-centre browser tests.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { runCli } from '../../../server/admin/cli.ts';
import type { BrowserApp } from './browserApp.ts';
import { signInAs } from './money.ts';
import type { TestWalletHandle } from './testWallet.ts';

/** `npm run admin -- …args` against the app server; returns what it printed. */
export async function admin(app: BrowserApp, ...args: string[]): Promise<string> {
  const result = await runCli(args, {
    API_URL: app.server.url,
    ADMIN_TOKEN: app.server.adminToken,
  });
  expect(result.exitCode, result.output).toBe(0);
  return result.output;
}

/** The id an `order add` or `notice add` printed. */
export function printedId(output: string): string {
  const match = /(?:Notice |#)(\d+)/.exec(output);
  if (!match) throw new Error(`No id in: ${output}`);
  return match[1]!;
}

/** A new device for `privateKey` opening `url` first (e.g. an invite link), then signing in. */
export function signInAt(
  app: BrowserApp,
  privateKey: string,
  url: string,
  beforeOpen?: (page: Page) => Promise<void>,
): Promise<TestWalletHandle> {
  return signInAs(app, privateKey, undefined, { url, ...(beforeOpen ? { beforeOpen } : {}) });
}

export { openFromMenu } from './chainSteps.ts';

/**
 * Goes to `path` inside the running app, as a link would (a reload would end the session):
 * the router follows the history change.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
}

/** `navigateInApp`, then waits until the app shows `path`. */
export async function openInApp(app: BrowserApp, path: string): Promise<void> {
  await navigateInApp(app.page, path);
  await expect.poll(app.path).toBe(path);
}

/** Everything in `root` that could run script or leave the page for a non-web URL. */
export async function dangerousMarkup(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const root = document.querySelector(sel);
    if (!root) return ['(no element)'];
    const found: string[] = [];
    const forbiddenTags = new Set([
      'SCRIPT',
      'IFRAME',
      'FRAME',
      'OBJECT',
      'EMBED',
      'FORM',
      'INPUT',
      'BUTTON',
      'TEXTAREA',
      'SELECT',
      'STYLE',
      'LINK',
      'META',
      'BASE',
      'SVG',
      'MATH',
      'TEMPLATE',
      'NOSCRIPT',
    ]);
    for (const element of Array.from(root.querySelectorAll('*'))) {
      if (forbiddenTags.has(element.tagName.toUpperCase())) found.push(`<${element.tagName}>`);
      for (const attribute of Array.from(element.attributes)) {
        const name = attribute.name.toLowerCase();
        // Browsers ignore spaces and control characters in a URL scheme.
        const value = [...attribute.value]
          .filter((char) => char.charCodeAt(0) > 32)
          .join('')
          .toLowerCase();
        if (name.startsWith('on')) found.push(`${element.tagName}[${name}]`);
        if (name === 'style') found.push(`${element.tagName}[style]`);
        if (/^(javascript|vbscript|data):/.test(value) && name !== 'alt' && name !== 'title')
          found.push(`${element.tagName}[${name}=${attribute.value}]`);
      }
    }
    return found;
  }, selector);
}
