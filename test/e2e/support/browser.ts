import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';

// Browser tests drive the system Chromium (Debian package), headless in a container that has
// no user namespaces and no GPU; the other flags stop it from calling home during tests.
const CHROMIUM_PATH = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}
