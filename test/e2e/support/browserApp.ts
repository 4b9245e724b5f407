// One app server and one browser per test file; a fresh browser context (no storage, no
// session) per test. A failed test prints what the page showed and said (failureDigest.ts):
// CI's log is all there is to read afterwards.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startAppServer, type AppServer, type AppServerOptions } from './appServer.ts';
import { launchBrowser } from './browser.ts';
import { failureDigest, keepConsole } from './failureDigest.ts';

export interface BrowserApp {
  server: AppServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** The path of the page's current URL. */
  path(): string;
  /** Starts over in a new context, as another person on another device. */
  freshContext(options?: BrowserContextOptions): Promise<void>;
}

const DEFAULTS: BrowserContextOptions = { locale: 'en-US', serviceWorkers: 'block' };

export function setUpBrowserApp(
  serverOptions: AppServerOptions = {},
  /** Switches for this file's Chromium, e.g. a fake camera; made before the browser starts. */
  browserArgs: () => readonly string[] = () => [],
): BrowserApp {
  const app = {
    path: () => new URL(app.page.url()).pathname,
    async freshContext(options?: BrowserContextOptions) {
      await app.context?.close();
      app.context = await app.browser.newContext({ ...DEFAULTS, ...options });
      app.page = await app.context.newPage();
      keepConsole(app.page);
    },
  } as BrowserApp;

  beforeAll(async () => {
    [app.server, app.browser] = await Promise.all([
      startAppServer(serverOptions),
      launchBrowser(browserArgs()),
    ]);
  });
  afterAll(async () => {
    await app.browser?.close();
    await app.server?.close();
  });
  beforeEach(() => app.freshContext());
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && app.page) console.error(await failureDigest(app.page));
    await app.context?.close();
  });
  return app;
}
