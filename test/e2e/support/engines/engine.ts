// What the engine scenarios (engineScenario.ts) need of a browser other than Playwright's
// Chromium: load a page, run script in it, and report the page's uncaught errors. Everything
// else (finding, tapping, waiting) is done by script in the page, the same in every engine.

export interface EngineBrowser {
  readonly name: string;
  /** Opens a page in a fresh profile (a new device). */
  open(url: string): Promise<void>;
  /** Loads `url` in the current page. */
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  /** Runs `fn` in the page with JSON arguments and answers its (JSON) result. */
  evaluate<A extends unknown[], R>(fn: (...args: A) => R | Promise<R>, ...args: A): Promise<R>;
  /** A test wallet signing with `privateKey`: before the page's scripts, or late (WebKit). */
  installWallet(privateKey: string, rpcUrl: string): Promise<string>;
  /** Cuts the network (and restores it): false where the engine's driver cannot. */
  setOffline(offline: boolean): Promise<boolean>;
  /** The page's uncaught errors since the page was opened. */
  pageErrors(): Promise<string[]>;
  close(): Promise<void>;
}
