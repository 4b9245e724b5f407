import { describe, expect, it, vi } from 'vitest';
import { watchForUpdates } from '../../../src/offline/registration.ts';
import { applyUpdateAtom } from '../../../src/offline/updates.ts';
import { store } from '../../../src/state/store.ts';

function fakeWorkbox() {
  const target = new EventTarget();
  return {
    addEventListener: (type: string, listener: () => void) =>
      target.addEventListener(type, listener),
    messageSkipWaiting: vi.fn(),
    fire: (type: string) => target.dispatchEvent(new Event(type)),
  };
}

describe('service worker updates', () => {
  it('offers an update only once a new version waits, and reloads once it takes control', () => {
    const wb = fakeWorkbox();
    const reload = vi.fn();
    store.set(applyUpdateAtom, null);
    watchForUpdates(wb as never, reload);
    expect(store.get(applyUpdateAtom)).toBeNull();

    wb.fire('waiting');
    const apply = store.get(applyUpdateAtom);
    expect(apply).toBeTypeOf('function');
    expect(reload).not.toHaveBeenCalled();

    apply!();
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    wb.fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
