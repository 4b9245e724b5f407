// Stands in for `svelte-i18n` in the app build (vite.config.ts aliases it here). web3-onboard
// translates its own windows with it, but JU Wallet never shows them: the app draws its own
// wallet list and connects with `disableModals` (src/wallet/onboard.ts). Dropping the library
// and its message-format parser saves about 14 KB gzip on the connect step.

type Subscriber<T> = (value: T) => void;

function readable<T>(value: T) {
  return {
    subscribe(run: Subscriber<T>) {
      run(value);
      return () => {};
    },
  };
}

/** The message formatter store: a message id reads as itself. */
export const _ = readable((id: string) => id);

export const locale = {
  ...readable('en'),
  set(_next: string) {},
  update(_change: (current: string) => string) {},
};

export function addMessages(_locale: string, ..._dictionaries: unknown[]): void {}

export function init(_options: unknown): void {}

export function getLocaleFromNavigator(): string {
  return 'en';
}
