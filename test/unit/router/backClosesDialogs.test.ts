import type { HistoryLocation, RouterHistory } from '@tanstack/react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { installBackClosesDialogs } from '../../../src/router/backClosesDialogs.ts';
import { ConfirmCancelled, confirm } from '../../../src/ui/confirm.ts';
import { dismissOpenPrompts } from '../../../src/ui/prompt.ts';

type NavigationBlocker = Parameters<RouterHistory['block']>[0];

/** The blocker the app installs, taken from a history that only records it. */
function installed(): NavigationBlocker {
  let blocker: NavigationBlocker | undefined;
  installBackClosesDialogs({
    block: (given: NavigationBlocker) => {
      blocker = given;
      return () => {};
    },
  } as unknown as RouterHistory);
  return blocker!;
}

const at = (pathname: string, index?: number) =>
  ({
    pathname,
    href: pathname,
    search: '',
    hash: '',
    state: { __TSR_index: index },
  }) as unknown as HistoryLocation;

function openSheet(): { closed: () => boolean } {
  const dialog = document.createElement('dialog');
  dialog.setAttribute('open', '');
  let cancelled = false;
  dialog.addEventListener('cancel', () => (cancelled = true));
  document.body.append(dialog);
  return { closed: () => cancelled };
}

afterEach(() => document.body.replaceChildren());

describe('Back with a question or a sheet open', () => {
  const blocker = installed();
  const run = (action: string, from: HistoryLocation, to: HistoryLocation) =>
    blocker.blockerFn({ action, currentLocation: from, nextLocation: to } as never);

  it('never holds up a reload or closing the tab', () => {
    expect(blocker.enableBeforeUnload).toBe(false);
  });

  it('closes the question instead of leaving, which is then cancelled', async () => {
    const asked = confirm({ message: 'Send 2 TICKET?' });
    const sheet = openSheet();
    expect(await run('BACK', at('/wallet/transfer', 2), at('/wallet', 1))).toBe(true);
    await expect(asked).rejects.toBeInstanceOf(ConfirmCancelled);
    expect(sheet.closed()).toBe(true);
  });

  it('lets Back leave when nothing is open', async () => {
    expect(await run('BACK', at('/wallet/transfer', 2), at('/wallet', 1))).toBe(false);
  });

  it('closes everything but lets the move go ahead when the router cannot undo it', async () => {
    const asked = confirm({ message: 'Send 2 TICKET?' });
    expect(await run('BACK', at('/wallet/transfer'), at('/wallet', 1))).toBe(false);
    await expect(asked).rejects.toBeInstanceOf(ConfirmCancelled);
  });

  it('ends open questions when the app goes to another page, and never blocks it', async () => {
    const asked = confirm({ message: 'Send 2 TICKET?' });
    expect(await run('PUSH', at('/wallet/transfer', 2), at('/index', 3))).toBe(false);
    await expect(asked).rejects.toBeInstanceOf(ConfirmCancelled);
    // A change of search on the same page leaves the question open.
    const kept = confirm({ message: 'Still there?' });
    expect(await run('REPLACE', at('/mall/orders', 1), at('/mall/orders', 1))).toBe(false);
    let settled = false;
    void kept.catch(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    dismissOpenPrompts();
  });
});
