// The one place that cleans up when a session ends, whatever ended it (see
// state/sessionEnded.ts). main.tsx installs it with the app's singletons.
import { t } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';
import { takeKeepChoice } from '../offline/keepOnSignOut.ts';
import { onSessionEnded } from '../state/sessionEnded.ts';
import { toast } from '../ui/toast.ts';

const LEAVE_PAGE_DELAY_MS = 1_500;

export interface SessionEndDeps {
  queryClient: QueryClient;
  navigate: (to: '/' | '/index') => Promise<void>;
  stopWalletWatch: () => void;
  /**
   * Explicit sign-out forgets the address's offline records, unless the user ticked 'Keep for
   * reading offline'; an expired session (401) and a reload always keep them.
   */
  forgetRecords: (address: string) => Promise<void>;
}

export function installSessionEndHandler(deps: SessionEndDeps): () => void {
  let leaveTimer: ReturnType<typeof setTimeout> | undefined;
  return onSessionEnded((end) => {
    deps.queryClient.clear();
    deps.stopWalletWatch();
    if (end.type === 'signedOut') {
      if (end.address && !takeKeepChoice(end.address))
        void deps.forgetRecords(end.address).catch(() => undefined);
      void deps.navigate('/index');
      return;
    }
    toast(
      end.endedElsewhere
        ? t`Your session was ended from another device. Please sign in again.`
        : end.message || t`Please sign in again`,
      'error',
    );
    if (end.leavePage && !leaveTimer) {
      leaveTimer = setTimeout(() => {
        leaveTimer = undefined;
        void deps.navigate('/');
      }, LEAVE_PAGE_DELAY_MS);
    }
  });
}
