// /bank/holdersList (spec §2, §4): each holder with its review status (under review,
// approved, rejected with the reason, unknown); edit one not yet approved; delete with
// confirmation.
import { holderEndpoints, type HolderSummary } from '../../../../contract/api/card/holders.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useApi } from '../../../state/apiContext.tsx';
import { holderListSource } from '../../../state/queries/card/holders.ts';
import { useRecordList } from '../../../state/records/recordList.ts';
import { CardList } from '../CardList.tsx';
import { ReasonMeta, RowActions } from '../cardParts.tsx';
import { StatusPill } from '../../../ui/StatusPill.tsx';
import { cardTone, holderStatusLabels, idTypeLabels } from '../cardLabels.ts';
import { useAction } from '../../../state/actions/useAction.ts';
import { useRowHandler } from '../../../ui/RecordRow.tsx';
import '../card.css';
import '../../../ui/controls.css';

export function HolderListScreen() {
  const { t } = useLingui();
  const api = useApi();
  const list = useRecordList(holderListSource(api));
  const remove = useAction(holderEndpoints.deleteHolder, {
    successMessage: () => t`Holder deleted`,
    failureMessage: () => t`Holder delete failed`,
  });
  // One function for the screen's life: a refetch that brings the same holders redraws no row.
  const removeHolder = useRowHandler((holder: HolderSummary) =>
    remove.submit(
      { id: holder.id },
      {
        title: t`Delete holder`,
        message: t`Delete the holder ${holder.first_name} ${holder.last_name}? This cannot be undone.`,
        confirmText: t`Delete`,
      },
    ),
  );
  return (
    <CardList
      list={list}
      label={t`Holders`}
      empty={<Trans>No holders yet</Trans>}
      add={{ to: '/bank/addHolders', label: <Trans>Add a holder</Trans> }}
      row={(row: HolderSummary) => (
        <HolderItem row={row} onDelete={removeHolder} busy={remove.pending} />
      )}
      rowDeps={[removeHolder, remove.pending]}
    />
  );
}

function HolderItem(props: {
  row: HolderSummary;
  onDelete: (row: HolderSummary) => Promise<boolean>;
  busy: boolean;
}) {
  const { t, i18n } = useLingui();
  const { row } = props;
  const reason = row.reject_reason ?? '';
  const name = `${row.first_name} ${row.last_name}`;
  return (
    <div className="record-body" data-testid="holder-record" data-status={row.status}>
      <span className="record-line">
        <span className="record-title">{name}</span>
        <StatusPill label={holderStatusLabels[row.status]} tone={cardTone(row.status)} />
      </span>
      <span className="record-line">
        <span className="record-meta">
          {i18n._(idTypeLabels[row.id_type])} <span className="mono">{row.id_number}</span>
        </span>
        <time className="record-meta" dateTime={row.created_at}>
          {i18n.date(row.created_at, { dateStyle: 'short' })}
        </time>
      </span>
      {row.status === 'rejected' && <ReasonMeta reason={reason} alert />}
      <RowActions
        edit={
          row.status === 'approved'
            ? undefined
            : { to: '/bank/addHolders', id: row.id, label: t`Edit holder ${name}` }
        }
        deleteLabel={t`Delete holder ${name}`}
        busy={props.busy}
        onDelete={() => void props.onDelete(row)}
      />
    </div>
  );
}
