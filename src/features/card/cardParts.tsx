// Small pieces several card screens draw alike: the link to a card, a row's fee and its
// refusal reason, and a row's edit and delete actions.
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ComponentProps } from 'react';
import { Amount } from '../../ui/Amount.tsx';

export function OpenCardLink({ id, className }: { id: string; className: string }) {
  return (
    <Link to="/bank/cardDetail/$id" params={{ id }} className={className}>
      <Trans>Open the card</Trans>
    </Link>
  );
}

export function FeeMeta({
  fee,
  coin,
}: {
  fee: string;
  coin: ComponentProps<typeof Amount>['coin'];
}) {
  return (
    <span className="record-meta">
      <Trans>
        Fee <Amount value={fee} coin={coin} />
      </Trans>
    </span>
  );
}

/** Why the operator refused or failed it; nothing when there is no reason. */
export function ReasonMeta({ reason, alert = false }: { reason: string; alert?: boolean }) {
  if (!reason) return null;
  return (
    <span className={alert ? 'record-meta form-error' : 'record-meta'}>
      <Trans>Reason: {reason}</Trans>
    </span>
  );
}

/** A row's Edit (its form, by id) and Delete buttons, each named for the row it acts on. */
export function RowActions(props: {
  edit?: { to: '/bank/addAddress' | '/bank/addHolders'; id: string; label: string } | undefined;
  deleteLabel: string;
  busy: boolean;
  onDelete: () => void;
}) {
  const { edit } = props;
  return (
    <span className="card-actions">
      {edit && (
        <Link
          to={edit.to}
          search={{ id: edit.id }}
          className="button button-ghost button-small"
          aria-label={edit.label}
        >
          <Trans>Edit</Trans>
        </Link>
      )}
      <button
        type="button"
        className="button button-ghost button-small"
        disabled={props.busy}
        onClick={props.onDelete}
        aria-label={props.deleteLabel}
      >
        <Trans>Delete</Trans>
      </button>
    </span>
  );
}
