// The wallets injected into this browser, as web3-onboard lists them, one entry per provider.
// A wallet that announces itself through EIP-6963 and also sits at `window.ethereum` (or its
// own `window.okxwallet`, `window.bitkeep`…) is found twice by web3-onboard: under its
// announced name, and under the name web3-onboard's built-in list gives the injected object —
// often 'MetaMask', which many wallets imitate — since it de-duplicates by name only. The
// announced entry stays: it carries the wallet's own name and icon. Loaded with onboard.ts.
import injectedModule from '@web3-onboard/injected-wallets';
// Its built-in list (the module the package's index uses too): where each wallet injects.
import builtInWallets from '@web3-onboard/injected-wallets/dist/wallets.js';
import { ANNOUNCE } from './lateProvider.ts';

/** A wallet module of web3-onboard (its types package is not one of ours). */
export type WalletInit = ReturnType<typeof injectedModule>;
type WalletModule = Extract<ReturnType<WalletInit>, unknown[]>[number];

/** Each provider announced through EIP-6963 so far, by the name it announced. */
const announced = new Map<string, object>();
let listening = false;

function listenForAnnouncements(): void {
  if (listening) return;
  listening = true;
  window.addEventListener(ANNOUNCE, (event) => {
    const detail = (event as CustomEvent<{ info?: { name?: unknown }; provider?: unknown }>).detail;
    const name = detail?.info?.name;
    const provider = detail?.provider;
    if (typeof name !== 'string' || typeof provider !== 'object' || provider === null) return;
    if (!announced.has(name)) announced.set(name, provider);
  });
}

const isProvider = (value: unknown): value is object =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { request?: unknown }).request === 'function';

/** The object a built-in entry connects to: its namespace, or the provider inside it. */
function builtInProvider(label: string): object | undefined {
  const namespace = builtInWallets.find((wallet) => wallet.label === label)?.injectedNamespace;
  if (!namespace) return undefined;
  const injected = (window as unknown as Record<string, unknown>)[namespace];
  if (isProvider(injected)) return injected;
  const inner = (injected as { ethereum?: unknown } | undefined)?.ethereum;
  return isProvider(inner) ? inner : undefined;
}

/** Drops every entry whose provider an earlier entry has; announced entries come first. */
function onePerProvider(modules: WalletModule[]): WalletModule[] {
  const providerOf = (module: WalletModule) =>
    announced.get(module.label) ?? builtInProvider(module.label);
  const ranked = [
    ...modules.filter((module) => announced.has(module.label)),
    ...modules.filter((module) => !announced.has(module.label)),
  ];
  const taken = new Set<object>();
  const kept = new Set<WalletModule>();
  for (const module of ranked) {
    const provider = providerOf(module);
    if (provider && taken.has(provider)) continue;
    if (provider) taken.add(provider);
    kept.add(module);
  }
  return modules.filter((module) => kept.has(module));
}

/** web3-onboard's injected-wallets module, each wallet listed once. */
export function injectedWallets(): WalletInit {
  // Before the module asks wallets to announce themselves, so both hear the same answers.
  listenForAnnouncements();
  const inner = injectedModule();
  return (helpers) => {
    const modules = inner(helpers);
    return Array.isArray(modules) ? onePerProvider(modules) : modules;
  };
}
