import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { type FormEvent, useId, useState } from 'react';
import { Dialog } from '../ui/Dialog.tsx';
import { DialogActions } from '../ui/DialogActions.tsx';
import {
  failInvitePrompt,
  type InviteRequest,
  invitePromptAtom,
  resolveInvitePrompt,
} from './prompts.ts';
import '../ui/controls.css';

const INVITE_CODE = /^[A-Za-z0-9]{4,32}$/;

export function InviteCodeDialog() {
  const { t } = useLingui();
  const request = useAtomValue(invitePromptAtom);
  return (
    <Dialog
      open={request !== null}
      title={t`Invite code`}
      onDismiss={() => resolveInvitePrompt(null)}
    >
      {request && <InviteCodeForm request={request} />}
    </Dialog>
  );
}

const canPaste = () => typeof navigator !== 'undefined' && !!navigator.clipboard?.readText;

function InviteCodeForm({ request }: { request: InviteRequest }) {
  const { t } = useLingui();
  const [code, setCode] = useState(request.initialCode);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = code.trim();
    if (!INVITE_CODE.test(trimmed)) {
      setError(t`Please enter a valid invite code`);
      return;
    }
    setBusy(true);
    setError('');
    try {
      const problem = await request.check(trimmed);
      if (problem) setError(problem);
      else resolveInvitePrompt(trimmed);
    } catch (failure) {
      // Anything but a bad code (offline, the wallet gone…) ends the sign-in with its message.
      failInvitePrompt(failure);
    } finally {
      setBusy(false);
    }
  }

  async function paste() {
    try {
      const text = (await navigator.clipboard.readText()).trim();
      // A whole invite link pasted: keep its code.
      const fromLink = /[?&]code=([A-Za-z0-9]+)/.exec(text)?.[1];
      setCode(fromLink ?? text);
      setError('');
    } catch {
      // Paste refused by the browser: the user can still type the code.
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      {request.reason && <p className="dialog-message">{request.reason}</p>}
      <label className="field-label" htmlFor={inputId}>
        <Trans>Invite code</Trans>
      </label>
      <div className="field-row">
        <input
          id={inputId}
          name="invite-code"
          className="field-input"
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          onChange={(event) => setCode(event.target.value)}
        />
        {canPaste() && (
          <button type="button" className="button button-ghost" onClick={() => void paste()}>
            <Trans>Paste</Trans>
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      )}
      <p id={hintId} className="field-hint">
        <Trans>
          Ask the person who invited you: their code is in their invite link and in their user
          centre.
        </Trans>
      </p>
      <DialogActions
        onCancel={() => resolveInvitePrompt(null)}
        busy={busy}
        confirmText={busy ? <Trans>Checking…</Trans> : <Trans>Continue</Trans>}
      />
    </form>
  );
}
