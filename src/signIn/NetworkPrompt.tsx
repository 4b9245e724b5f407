import { i18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Dialog } from '../ui/Dialog.tsx';
import { DialogActions } from '../ui/DialogActions.tsx';
import { switchChain } from '../wallet/connect.ts';
import { classifyWalletError } from '../wallet/walletErrors.ts';
import { networkPromptAtom, resolveNetworkPrompt } from './prompts.ts';
import { walletMessages } from './walletMessages.ts';
import '../ui/controls.css';

/** Wrong network: names the network the app needs and switches with one tap. */
export function NetworkPrompt() {
  const { t } = useLingui();
  const request = useAtomValue(networkPromptAtom);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');

  async function onSwitch() {
    if (!request) return;
    setBusy(true);
    setProblem('');
    try {
      await switchChain(request.connection.provider, request.chain);
      resolveNetworkPrompt(true);
    } catch (error) {
      setProblem(i18n._(walletMessages[classifyWalletError(error, 'switchChain')]));
    } finally {
      setBusy(false);
    }
  }

  const name = request?.chain.name ?? '';
  const id = request?.chain.id ?? 0;
  return (
    <Dialog
      open={request !== null}
      title={t`Wrong network`}
      onDismiss={() => resolveNetworkPrompt(false)}
    >
      <p className="dialog-message">
        <Trans>
          Unsupported network. Please switch your wallet to {name} (chain ID {id}).
        </Trans>
      </p>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <DialogActions
        onCancel={() => resolveNetworkPrompt(false)}
        busy={busy}
        onConfirm={() => void onSwitch()}
        confirmText={busy ? <Trans>Switching…</Trans> : <Trans>Switch to {name}</Trans>}
      />
    </Dialog>
  );
}
