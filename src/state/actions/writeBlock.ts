import { t } from '@lingui/core/macro';
import { useAtomValue } from 'jotai';
import { useOnline } from '../../ui/useOnline.ts';
import { tokenAtom } from '../session.ts';

/**
 * Why no write can be sent now, or null. Offline, nothing is queued to send later (a payment
 * the wallet already sent is followed by its own watch); signed out, the page shows kept
 * records only.
 */
export function useWriteBlock(): string | null {
  const online = useOnline();
  const signedIn = useAtomValue(tokenAtom) !== null;
  if (!online) return t`You are offline. Money actions are paused until you reconnect.`;
  if (!signedIn) return t`Sign in to do this.`;
  return null;
}
