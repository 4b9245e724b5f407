// Firefox ESR (Gecko) through puppeteer-core over WebDriver BiDi: the Debian browser, no driver
// download. The test wallet is installed before the page's scripts, as an extension's is.
import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core';
import {
  createTestWallet,
  installProvider,
  providerConfig,
  type RecordedRequest,
} from '../testWallet.ts';
import { APP_CHAIN_ID } from '../appServer.ts';
import type { EngineBrowser } from './engine.ts';

export async function launchFirefox(): Promise<EngineBrowser> {
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: '/usr/bin/firefox-esr',
    headless: true,
    // Service workers on a test server's plain http origin (127.0.0.1 is trustworthy anyway).
    extraPrefsFirefox: { 'dom.serviceWorkers.testing.enabled': true },
  });
  let context: BrowserContext | null = null;
  let page: Page | null = null;
  let errors: string[] = [];
  const current = () => {
    if (!page) throw new Error('no page open');
    return page;
  };
  return {
    name: 'Firefox',
    async open(url) {
      await context?.close();
      context = await browser.createBrowserContext();
      page = await context.newPage();
      await page.setViewport({ width: 390, height: 844 });
      errors = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      await page.goto(url);
    },
    async goto(url) {
      await current().goto(url);
    },
    async reload() {
      await current().reload();
    },
    // Arguments and results cross as JSON, as in every engine.
    evaluate: async (fn, ...args) =>
      (await current().evaluate(fn as (...params: unknown[]) => unknown, ...args)) as never,
    async installWallet(privateKey, rpcUrl) {
      const target = current();
      const config = providerConfig();
      const wallet = createTestWallet(
        { privateKey, chainId: APP_CHAIN_ID, knownChains: [APP_CHAIN_ID], rpcUrl },
        async (events) => {
          await target.evaluate(
            (emitFunction, pending) => {
              const emit = (window as unknown as Record<string, (n: string, p: unknown) => void>)[
                emitFunction
              ]!;
              for (const [name, payload] of pending) emit(name, payload);
            },
            config.emitFunction,
            events,
          );
        },
      );
      await target.exposeFunction(config.requestBinding, (request: RecordedRequest) =>
        wallet.answer(request),
      );
      await target.exposeFunction(config.chainIdBinding, () => `0x${wallet.chainId.toString(16)}`);
      // For the pages loaded from now on, and for this one: a wallet found late.
      await target.evaluateOnNewDocument(installProvider, config);
      await target.evaluate(installProvider, config);
      return wallet.address;
    },
    async setOffline(offline) {
      try {
        await current().setOfflineMode(offline);
        return true;
      } catch {
        return false;
      }
    },
    pageErrors: async () => errors,
    async close() {
      await browser.close();
    },
  };
}
