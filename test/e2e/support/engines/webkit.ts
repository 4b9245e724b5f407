// WebKitGTK (the engine of every iOS wallet browser's WKWebView) as MiniBrowser, driven
// through WebKitWebDriver with selenium-webdriver, in an Xvfb display of a phone's size that
// this file starts and stops. WebDriver has no script to run before a page's own, so the test
// wallet is injected after load, as a late wallet (the app waits for those); its requests reach
// Node through a queue in the page that the driver drains.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Builder, type WebDriver } from 'selenium-webdriver';
import { APP_CHAIN_ID } from '../appServer.ts';
import { freePort } from '../serverProcess.ts';
import {
  createTestWallet,
  installProvider,
  providerConfig,
  type RecordedRequest,
  type TestWallet,
} from '../testWallet.ts';
import type { EngineBrowser } from './engine.ts';

const MINI_BROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const SCREEN = '390x844x24';
const DRAIN_EVERY_MS = 50;

/** An X display no other process holds (its lock file names the taken ones). */
function freeDisplay(): number {
  for (let display = 90 + Math.floor(Math.random() * 400); ; display++)
    if (!existsSync(`/tmp/.X${display}-lock`)) return display;
}

async function waitForDriver(url: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(`${url}/status`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('WebKitWebDriver did not start');
}

// Runs in the page: the provider's two bindings become calls queued for the driver to drain.
function installBridge(requestBinding: string, chainIdBinding: string): void {
  type Pending = { id: number; kind: string; request?: unknown; settle: (reply: unknown) => void };
  const scope = window as unknown as Record<string, unknown>;
  const waiting = new Map<number, Pending>();
  const fresh: Omit<Pending, 'settle'>[] = [];
  let next = 0;
  const call = (kind: string) => (request?: unknown) =>
    new Promise((settle) => {
      const id = next++;
      waiting.set(id, { id, kind, request, settle });
      fresh.push({ id, kind, request });
    });
  scope[requestBinding] = call('request');
  scope[chainIdBinding] = call('chainId');
  scope.__juBridgeTake = () => fresh.splice(0);
  scope.__juBridgeAnswer = (id: number, reply: unknown) => {
    waiting.get(id)?.settle(reply);
    waiting.delete(id);
  };
}

export async function launchWebKit(): Promise<EngineBrowser> {
  const display = freeDisplay();
  const xvfb: ChildProcess = spawn(
    'Xvfb',
    [`:${display}`, '-screen', '0', SCREEN, '-nolisten', 'tcp'],
    {
      stdio: 'ignore',
    },
  );
  const port = await freePort();
  const driverProcess: ChildProcess = spawn('WebKitWebDriver', [`--port=${port}`], {
    // The browser's language is the process's: English, as the steps read.
    env: { ...process.env, DISPLAY: `:${display}`, LANG: 'en_US.UTF-8', LANGUAGE: 'en_US' },
    stdio: 'ignore',
  });
  const server = `http://127.0.0.1:${port}`;
  await waitForDriver(server);
  let driver: WebDriver | null = null;
  let wallet: TestWallet | null = null;
  let draining: NodeJS.Timeout | undefined;
  const current = () => {
    if (!driver) throw new Error('no page open');
    return driver;
  };
  const stopDraining = () => clearInterval(draining);

  const drain = async () => {
    const pending = (await current().executeScript(
      'return window.__juBridgeTake ? window.__juBridgeTake() : [];',
    )) as { id: number; kind: string; request?: RecordedRequest }[];
    for (const call of pending) {
      const reply =
        call.kind === 'chainId'
          ? `0x${wallet!.chainId.toString(16)}`
          : await wallet!.answer(call.request!);
      await current().executeScript(
        'window.__juBridgeAnswer(arguments[0], arguments[1]);',
        call.id,
        reply,
      );
    }
  };

  const engine: EngineBrowser = {
    name: 'WebKit',
    async open(url) {
      stopDraining();
      await driver?.quit();
      driver = await new Builder()
        .usingServer(server)
        .withCapabilities({
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': { binary: MINI_BROWSER, args: ['--automation'] },
        })
        .build();
      await driver.manage().window().setRect({ x: 0, y: 0, width: 390, height: 844 });
      await driver.get(url);
      await engine.evaluate(collectErrors);
    },
    async goto(url) {
      stopDraining();
      await current().get(url);
      await engine.evaluate(collectErrors);
    },
    async reload() {
      stopDraining();
      await current().navigate().refresh();
      await engine.evaluate(collectErrors);
    },
    async evaluate(fn, ...args) {
      return (await current().executeScript(
        `return (${fn.toString()}).apply(null, arguments);`,
        ...args,
      )) as never;
    },
    async installWallet(privateKey, rpcUrl) {
      const config = providerConfig();
      wallet = createTestWallet(
        { privateKey, chainId: APP_CHAIN_ID, knownChains: [APP_CHAIN_ID], rpcUrl },
        async (events) => {
          await current().executeScript(
            `const emit = window[arguments[0]]; for (const [n, p] of arguments[1]) emit(n, p);`,
            config.emitFunction,
            events,
          );
        },
      );
      await engine.evaluate(installBridge, config.requestBinding, config.chainIdBinding);
      await engine.evaluate(installProvider, config);
      draining = setInterval(() => void drain().catch(() => {}), DRAIN_EVERY_MS);
      return wallet.address;
    },
    // WebDriver classic has no network switch for WebKitGTK.
    setOffline: async () => false,
    async pageErrors() {
      return engine.evaluate(
        () => (window as unknown as { __juErrors?: string[] }).__juErrors ?? [],
      );
    },
    async close() {
      stopDraining();
      await driver?.quit().catch(() => {});
      driverProcess.kill();
      xvfb.kill();
    },
  };
  return engine;
}

// Runs in the page after each load: WebDriver reports no page errors, so the page keeps them
// (errors before this runs, during the load itself, are not seen).
function collectErrors(): void {
  const scope = window as unknown as { __juErrors?: string[] };
  if (scope.__juErrors) return;
  const errors: string[] = (scope.__juErrors = []);
  window.addEventListener('error', (event) => errors.push(String(event.message)));
  window.addEventListener('unhandledrejection', (event) => errors.push(String(event.reason)));
}
