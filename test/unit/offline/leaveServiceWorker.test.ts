import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leaveServiceWorkerForWallet } from '../../../src/offline/leaveServiceWorker.ts';
import { NO_SERVICE_WORKER_KEY, startServiceWorker } from '../../../src/offline/registration.ts';

function fakeServiceWorkers() {
  const unregister = vi.fn(() => Promise.resolve(true));
  const register = vi.fn(() => new Promise(() => {}));
  vi.stubGlobal('navigator', {
    ...navigator,
    serviceWorker: {
      controller: {},
      getRegistrations: () => Promise.resolve([{ unregister }]),
      register,
      addEventListener: () => {},
    },
  });
  return { unregister, register };
}

describe('leaving the service worker for a wallet browser', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('unregisters it, remembers that in this browser and reloads once', async () => {
    const workers = fakeServiceWorkers();
    const reload = vi.fn();
    expect(await leaveServiceWorkerForWallet(reload)).toBe(true);
    expect(workers.unregister).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(NO_SERVICE_WORKER_KEY)).not.toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);

    // Should the page come back controlled all the same, it does not reload again.
    expect(await leaveServiceWorkerForWallet(reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when the choice cannot be remembered (no reload loop)', async () => {
    fakeServiceWorkers();
    const full = vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    const reload = vi.fn();
    expect(await leaveServiceWorkerForWallet(reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    full.mockRestore();
  });

  it('never registers the service worker again in that browser', async () => {
    const workers = fakeServiceWorkers();
    localStorage.setItem(NO_SERVICE_WORKER_KEY, '2025-01-01T00:00:00.000Z');
    startServiceWorker();
    await vi.waitFor(() => expect(workers.unregister).toHaveBeenCalled());
    expect(workers.register).not.toHaveBeenCalled();
  });
});
