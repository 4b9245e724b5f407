// /wallet/moneyLog (spec §2, §4): every movement of the user's money, filtered by coin and
// type, endless; a row opens its detail.
import { Trans, useLingui } from '@lingui/react/macro';
import { memo, useState } from 'react';
import { ASSET_CODES, isAssetCode, type AssetCode } from '../../../contract/api/assets.ts';
import {
  MONEY_LOG_TYPES,
  type MoneyLogRow,
  type MoneyLogType,
} from '../../../contract/api/wallet.ts';
import { useApi } from '../../state/apiContext.tsx';
import { moneyLogSource } from '../../state/queries/money.ts';
import { useRecordList } from '../../state/records/recordList.ts';
import { Amount } from '../../ui/Amount.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { RecordList } from '../../ui/RecordList.tsx';
import { moneyLogTypeLabels, moneyStatusLabels, statusTone } from '../../ui/moneyLabels.ts';
import { StatusPill } from '../../ui/StatusPill.tsx';
import { RecordTime } from '../../ui/RecordTime.tsx';
import '../../ui/records.css';
import '../../ui/controls.css';

const isMoneyLogType = (value: string): value is MoneyLogType =>
  (MONEY_LOG_TYPES as readonly string[]).includes(value);

export function MoneyLogScreen() {
  const { t, i18n } = useLingui();
  const [coin, setCoin] = useState<AssetCode | undefined>();
  const [type, setType] = useState<MoneyLogType | undefined>();
  const [open, setOpen] = useState<MoneyLogRow | null>(null);
  return (
    <div className="stack">
      <div className="filters" role="search">
        <label>
          <Trans>Coin</Trans>
          <select
            className="field-select"
            value={coin ?? ''}
            onChange={(event) =>
              setCoin(isAssetCode(event.target.value) ? event.target.value : undefined)
            }
          >
            <option value="">{t`All coins`}</option>
            {ASSET_CODES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </label>
        <label>
          <Trans>Type</Trans>
          <select
            className="field-select"
            value={type ?? ''}
            onChange={(event) =>
              setType(isMoneyLogType(event.target.value) ? event.target.value : undefined)
            }
          >
            <option value="">{t`All types`}</option>
            {MONEY_LOG_TYPES.map((code) => (
              <option key={code} value={code}>
                {i18n._(moneyLogTypeLabels[code])}
              </option>
            ))}
          </select>
        </label>
      </div>
      <MoneyLogRecords coin={coin} type={type} onOpen={setOpen} />
      <Dialog
        open={open !== null}
        title={<Trans>Record detail</Trans>}
        onDismiss={() => setOpen(null)}
        variant="sheet"
      >
        {open && <MoneyLogDetail row={open} />}
      </Dialog>
    </div>
  );
}

/**
 * The list apart from the filters and the detail: each answer (the first page, the saved
 * copy, the next page, a refetch) redraws this part alone, and opening a record redraws none
 * of it.
 */
const MoneyLogRecords = memo(function MoneyLogRecords({
  coin,
  type,
  onOpen,
}: {
  coin: AssetCode | undefined;
  type: MoneyLogType | undefined;
  onOpen: (row: MoneyLogRow) => void;
}) {
  const { t, i18n } = useLingui();
  const list = useRecordList(moneyLogSource(useApi(), { coin, type }));
  return (
    <RecordList
      list={list}
      label={t`Money log`}
      itemKey={(row: MoneyLogRow) => row.id}
      // A row reads its record, the language and onOpen (a state setter, which never changes).
      rowDeps={[]}
      renderItem={(row: MoneyLogRow) => (
        <button type="button" className="record-body" onClick={() => onOpen(row)}>
          <span className="record-line">
            <span className="record-title">{i18n._(moneyLogTypeLabels[row.type])}</span>
            <Amount className="record-amount" value={row.amount} coin={row.coin} signed />
          </span>
          <span className="record-line">
            <RecordTime value={row.created_at} />
            <StatusPill label={moneyStatusLabels[row.status]} tone={statusTone(row.status)} />
          </span>
        </button>
      )}
    />
  );
});

function MoneyLogDetail({ row }: { row: MoneyLogRow }) {
  const { i18n } = useLingui();
  return (
    <dl className="detail-list">
      <div>
        <dt>
          <Trans>Type</Trans>
        </dt>
        <dd>{i18n._(moneyLogTypeLabels[row.type])}</dd>
      </div>
      <div>
        <dt>
          <Trans>Amount</Trans>
        </dt>
        <dd>
          <Amount value={row.amount} coin={row.coin} signed />
        </dd>
      </div>
      {row.fee && (
        <div>
          <dt>
            <Trans>Fee (included)</Trans>
          </dt>
          <dd>
            <Amount value={row.fee} coin={row.coin} />
          </dd>
        </div>
      )}
      <div>
        <dt>
          <Trans>Status</Trans>
        </dt>
        <dd>
          <StatusPill label={moneyStatusLabels[row.status]} tone={statusTone(row.status)} />
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Balance after</Trans>
        </dt>
        <dd>
          <Amount value={row.balance_after} coin={row.coin} />
        </dd>
      </div>
      {row.counterparty && (
        <div>
          <dt>
            <Trans>Address</Trans>
          </dt>
          <dd className="mono">{row.counterparty}</dd>
        </div>
      )}
      {row.remark && (
        <div>
          <dt>
            <Trans>Remark</Trans>
          </dt>
          <dd>{row.remark}</dd>
        </div>
      )}
      <div>
        <dt>
          <Trans>Time</Trans>
        </dt>
        <dd>
          <time dateTime={row.created_at}>
            {i18n.date(row.created_at, { dateStyle: 'medium', timeStyle: 'medium' })}
          </time>
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Record number</Trans>
        </dt>
        <dd className="mono">{row.id}</dd>
      </div>
    </dl>
  );
}
