import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { type FormEvent, useId, useState } from 'react';
import { Dialog } from '../../ui/Dialog.tsx';
import { type InviteRequest, invitePromptAtom, resolveInvitePrompt } from './prompts.ts';

const INVITE_CODE = /^[A-Za-z0-9]{4,32}$/;

export function InviteCodeDialog() {
  const { t } = useLingui();
  const pending = useAtomValue(invitePromptAtom);
  return (
    <Dialog
      open={pending !== null}
      title={t`Invite code`}
      onDismiss={() => resolveInvitePrompt(null)}
    >
      {pending && (
        <InviteCodeForm key={JSON.stringify(pending.request)} request={pending.request} />
      )}
    </Dialog>
  );
}

function InviteCodeForm({ request }: { request: InviteRequest }) {
  const { t } = useLingui();
  const [code, setCode] = useState(request.initialCode);
  const [error, setError] = useState('');
  const inputId = useId();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = code.trim();
    if (!INVITE_CODE.test(trimmed)) {
      setError(t`Please enter a valid invite code`);
      return;
    }
    resolveInvitePrompt(trimmed);
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      {request.reason && <p className="dialog-message">{request.reason}</p>}
      <label className="field-label" htmlFor={inputId}>
        <Trans>Invite code</Trans>
      </label>
      <input
        id={inputId}
        name="invite-code"
        className="field-input"
        value={code}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        onChange={(event) => setCode(event.target.value)}
      />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button
          type="button"
          className="button button-ghost"
          onClick={() => resolveInvitePrompt(null)}
        >
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="button button-primary">
          <Trans>Continue</Trans>
        </button>
      </div>
    </form>
  );
}
