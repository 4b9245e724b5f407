// /enuRelease (spec §2 'ticket dividend release', §7 neuRelease*): historical balance,
// exchange rate, cumulative release total, released total, remaining total, progress and
// status; the release log; and the transfer of what has been released into the JU balance,
// with its log.
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { assetDecimals } from '../../../contract/api/assets.ts';
import { AMOUNT_ERRORS, checkAmountLimits } from '../../../contract/api/money.ts';
import {
  releaseTransferRequestSchema,
  type ReleaseLogRow,
  type ReleaseStatus,
  type ReleaseTransferRow,
  releaseEndpoints,
} from '../../../contract/api/release.ts';
import { parseAssetAmount } from '../../../contract/money/index.ts';
import { useApi } from '../../state/apiContext.tsx';
import { useAction } from '../../state/actions/useAction.ts';
import {
  releaseLogSource,
  releaseTransferLogSource,
  useReleaseSummary,
} from '../../state/queries/release.ts';
import { useRecordList } from '../../state/records/recordList.ts';
import { Amount, formatCoinAmount } from '../../ui/Amount.tsx';
import { AmountField } from '../../ui/AmountField.tsx';
import { catalogueMessage, type FieldErrors } from '../../ui/formErrors.ts';
import { MoneyFormActions } from '../../ui/MoneyFormActions.tsx';
import { KeptRecordMissing, RecordAge } from '../../ui/KeptCopy.tsx';
import { RecordList } from '../../ui/RecordList.tsx';
import { schemaCheck, useForm } from '../../ui/useForm.ts';
import { RecordTime } from '../../ui/RecordTime.tsx';
import { formatRecordTime } from '../../ui/recordTimeFormat.ts';
import { Tabs } from '../../ui/Tabs.tsx';
import '../../ui/records.css';
import '../../ui/controls.css';

const statusLabels: Record<ReleaseStatus, ReactNode> = {
  none: <Trans>Nothing to release yet</Trans>,
  releasing: <Trans>Releasing</Trans>,
  completed: <Trans>Completed</Trans>,
};

type LogTab = 'release' | 'transfer';

export function ReleaseScreen() {
  const { t, i18n } = useLingui();
  const summary = useReleaseSummary();
  const [tab, setTab] = useState<LogTab>('release');
  if (!summary.data) return <KeptRecordMissing kept={summary} />;
  const data = summary.data;
  const progress = data.progress_percent;
  const rate = data.exchange_rate;
  const percent = formatCoinAmount(data.percent_per_period, 'JU', i18n.locale);
  const hours = data.period_hours;
  const next = data.next_release_at ? formatRecordTime(data.next_release_at, i18n.locale) : '';
  const statusText = statusLabels[data.status];
  const stat = (label: ReactNode, value: string, testId: string) => (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>
        <Amount value={value} coin="JU" />
      </dd>
    </div>
  );
  return (
    <div className="stack">
      <RecordAge asOf={summary.asOf} offline={summary.offline} />
      <section className="card" aria-labelledby="release-title" data-testid="release-summary">
        <h2 id="release-title" className="section-title">
          <Trans>Ticket dividend release</Trans>
        </h2>
        <dl className="stat-grid">
          {stat(<Trans>Historical balance</Trans>, data.historical_balance, 'release-historical')}
          <div>
            <dt>
              <Trans>Exchange rate</Trans>
            </dt>
            <dd data-testid="release-rate">{rate}</dd>
          </div>
          {stat(<Trans>Cumulative release total</Trans>, data.cumulative_total, 'release-total')}
          {stat(<Trans>Released total</Trans>, data.released_total, 'release-released')}
          {stat(
            <Trans comment="Dividend not released yet: not spendable, not a balance.">
              Remaining total
            </Trans>,
            data.remaining_total,
            'release-remaining',
          )}
          {stat(<Trans>Ready to transfer</Trans>, data.transferable, 'release-transferable')}
        </dl>
        <label className="field-label" htmlFor="release-progress">
          <Trans>Progress: {progress}%</Trans>
        </label>
        <progress
          id="release-progress"
          className="progress"
          max={100}
          value={Number(data.progress_percent)}
        />
        <p className="record-meta" data-testid="release-status" data-status={data.status}>
          <Trans>Status: {statusText}</Trans>
          {next && (
            <>
              {' · '}
              <Trans>Next release {next}</Trans>
            </>
          )}
        </p>
      </section>
      <ReleaseTransferForm transferable={data.transferable} />
      <Tabs
        id="release-records"
        label={t`Release records`}
        tabs={[
          { value: 'release', label: t`Release log` },
          { value: 'transfer', label: t`Transfer log` },
        ]}
        selected={tab}
        onSelect={setTab}
      >
        {tab === 'release' ? <ReleaseLog /> : <TransferLog />}
      </Tabs>
      <p className="muted">
        <Trans>
          {percent}% of the total is released every{' '}
          <Plural value={hours} one="# hour" other="# hours" />.
        </Trans>
      </p>
    </div>
  );
}

const checkReleaseTransfer = schemaCheck<typeof releaseTransferRequestSchema, 'amount'>(
  releaseTransferRequestSchema,
  { decimals: assetDecimals('JU') },
);

function ReleaseTransferForm({ transferable }: { transferable: string }) {
  const { t, i18n } = useLingui();
  const form = useForm<{ amount: string }>({
    initial: { amount: '' },
    check: ({ amount }) => check(amount),
  });
  const { amount } = form.values;
  const { errors } = form;
  const action = useAction(releaseEndpoints.transfer, {
    confirm: (input: { amount: string }) => {
      const quantity = `${formatCoinAmount(input.amount, 'JU', i18n.locale)} JU`;
      return {
        title: t`Release transfer`,
        message: t`Move ${quantity} of released dividend into your JU balance?`,
        confirmText: t({
          message: 'Transfer',
          context: 'release',
          comment: "Button: moves released dividend into the user's own JU balance.",
        }),
      };
    },
    successMessage: () => t`Released JU moved to your balance`,
    failureMessage: () => t`Release transfer failed, try again`,
    onSuccess: () => form.reset({ amount: '' }),
    onFailure: form.refusedFields,
  });

  function check(amount: string): FieldErrors<'amount'> {
    const found = checkReleaseTransfer({ amount });
    if (!found.amount) {
      const limit = checkAmountLimits(parseAssetAmount(amount, 'JU')[0], {
        available: parseAssetAmount(transferable, 'JU')[0],
      });
      if (limit === AMOUNT_ERRORS.exceeds_balance) {
        found.amount = catalogueMessage('release_amount_exceeds');
      } else if (limit) found.amount = catalogueMessage(limit);
    }
    return found;
  }

  return (
    <form
      className="card stack"
      onSubmit={form.onSubmit((values) => action.submit(values))}
      noValidate
      aria-labelledby="release-move"
    >
      <h2 id="release-move" className="section-title">
        <Trans>Release transfer</Trans>
      </h2>
      <AmountField
        coin="JU"
        value={amount}
        onChange={(next) => form.set('amount', next)}
        error={errors.amount}
        available={transferable}
        all={transferable}
        placeholder={t`Amount to move to your balance`}
      />
      <MoneyFormActions
        action={action}
        blockedReason={action.disabledReason}
        submitLabel={<Trans>Transfer to balance</Trans>}
      />
    </form>
  );
}

function ReleaseLog() {
  const { t } = useLingui();
  const list = useRecordList(releaseLogSource(useApi()));
  return (
    <RecordList
      list={list}
      label={t`Release log`}
      itemKey={(row: ReleaseLogRow) => `${row.period}-${row.released_at}`}
      empty={<Trans>Nothing released yet</Trans>}
      renderItem={(row: ReleaseLogRow) => {
        const period = row.period;
        return (
          <div className="record-body" data-testid="release-record">
            <span className="record-line">
              <span className="record-title">
                <Trans>Period {period}</Trans>
              </span>
              <Amount className="record-amount" value={row.amount} coin="JU" signed />
            </span>
            <RecordTime value={row.released_at} />
          </div>
        );
      }}
    />
  );
}

function TransferLog() {
  const { t } = useLingui();
  const list = useRecordList(releaseTransferLogSource(useApi()));
  return (
    <RecordList
      list={list}
      label={t`Transfer log`}
      itemKey={(row: ReleaseTransferRow) => row.id}
      empty={<Trans>No release transfers yet</Trans>}
      renderItem={(row: ReleaseTransferRow) => (
        <div className="record-body" data-testid="release-transfer-record">
          <span className="record-line">
            <RecordTime value={row.created_at} />
            <Amount className="record-amount" value={row.amount} coin="JU" />
          </span>
        </div>
      )}
    />
  );
}
