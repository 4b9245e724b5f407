// /wallet/transfer (spec §2, §5): send tickets to another user's wallet address.
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { assetDecimals } from '../../../contract/api/assets.ts';
import { checkAmountLimits, REMARK_MAX_LENGTH } from '../../../contract/api/money.ts';
import {
  TRANSFER_COIN,
  transferRequestSchema,
  type TransferRow,
  transferEndpoints,
} from '../../../contract/api/transfer.ts';
import { parseAssetAmount } from '../../../contract/money/index.ts';
import { useApi } from '../../state/apiContext.tsx';
import { addressAtom } from '../../state/session.ts';
import { useAction } from '../../state/actions/useAction.ts';
import { transferListSource, useWallet } from '../../state/queries/money.ts';
import { useRecordList } from '../../state/records/recordList.ts';
import { coinLabel, formatCoinAmount } from '../../ui/Amount.tsx';
import { AmountField } from '../../ui/AmountField.tsx';
import { MoneyFormActions } from '../../ui/MoneyFormActions.tsx';
import { Field } from '../../ui/Field.tsx';
import { catalogueMessage, type FieldErrors } from '../../ui/formErrors.ts';
import { schemaCheck, useForm } from '../../ui/useForm.ts';
import { describeRequestError } from '../../ui/requestFailures.ts';
import { isHexAddress } from '../../../contract/wallet/address.ts';
import { lookalikeOf } from './lookalike.ts';
import { QrScanDialog } from './QrScanDialog.tsx';
import { useRecipientCheck } from './useRecipientCheck.ts';
import '../../ui/records.css';
import '../../ui/controls.css';
import { NoticeAside } from '../../ui/NoticeAside.tsx';
import { CodeField } from '../../ui/CodeField.tsx';

type TransferInput = { address: string; amount: string; remark: string };
type TransferField = keyof TransferInput;
const checkTransfer = schemaCheck<typeof transferRequestSchema, TransferField>(
  transferRequestSchema,
  { decimals: assetDecimals(TRANSFER_COIN) },
);

export function TransferScreen() {
  const { t, i18n } = useLingui();
  const api = useApi();
  const navigate = useNavigate();
  const wallet = useWallet();
  const ownAddress = useAtomValue(addressAtom);
  const sent = useRecordList(transferListSource(api, 'out'));
  const form = useForm<TransferInput>({
    initial: { address: '', amount: '', remark: '' },
    check: (values) => validate(values),
  });
  const { address, amount, remark } = form.values;
  const { errors } = form;
  const [scanning, setScanning] = useState(false);
  const recipientKnown = useRecipientCheck();
  // The address the server said no user has; the refusal shows while that address is typed.
  const [unknownRecipient, setUnknownRecipient] = useState<string | null>(null);
  const addressError =
    errors.address ??
    (unknownRecipient !== null && unknownRecipient === address
      ? catalogueMessage('recipient_not_found')
      : undefined);

  const available = wallet.data?.balances.find((b) => b.coin === TRANSFER_COIN)?.available;
  const knownRecipients = sent.items.map((row: TransferRow) => row.counterparty);
  const lookalike = lookalikeOf(address, knownRecipients);

  const action = useAction(transferEndpoints.transfer, {
    confirm: (input) => {
      const quantity = formatCoinAmount(input.amount, TRANSFER_COIN, i18n.locale);
      const unit = coinLabel(TRANSFER_COIN, input.amount);
      const remarkText = input.remark ?? '';
      return {
        title: t`Confirm transfer`,
        message: [
          t`Send ${quantity} ${unit} to this address?`,
          input.address,
          remarkText ? t`Remark: ${remarkText}` : '',
          lookalike ? t`Warning: this address only looks like one you have sent to before.` : '',
          t`A transfer cannot be undone.`,
        ]
          .filter(Boolean)
          .join('\n'),
        confirmText: t({ message: 'Transfer', context: 'tickets' }),
      };
    },
    successMessage: () => t`Transfer successful`,
    failureMessage: () => t`Transfer failed, try again`,
    onSuccess: () => {
      form.reset({ address: '', amount: '', remark: '' });
      void navigate({ to: '/transfer/list' });
    },
    onFailure: form.refusedFields,
  });

  // A scanned address replaces the typed one, and is judged as if typed.
  const onScan = (scanned: string) => {
    setScanning(false);
    form.set('address', scanned);
  };

  /** Puts 'no such user' on the field when the server knows no account there; true if so. */
  async function refuseUnknownRecipient(typed: string): Promise<boolean> {
    if ((await recipientKnown(typed)) !== false) return false;
    setUnknownRecipient(typed);
    return true;
  }

  function validate({ address, amount, remark }: TransferInput): FieldErrors<TransferField> {
    const found = checkTransfer({ address, amount, remark });
    // A mixed-case address whose capitals are wrong is most likely mistyped: say so.
    if (found.address && isHexAddress(address)) {
      found.address = t`The address's capital letters do not match its checksum. Check it for a typo.`;
    }
    // Refused here, before the confirmation dialog, not only by the server afterwards.
    if (!found.address && ownAddress && address.trim().toLowerCase() === ownAddress.toLowerCase()) {
      found.address = catalogueMessage('transfer_to_self');
    }
    if (!found.amount && available !== undefined) {
      const units = parseAssetAmount(amount, TRANSFER_COIN)[0];
      const limit = checkAmountLimits(units, {
        available: parseAssetAmount(available, TRANSFER_COIN)[0],
      });
      if (limit) found.amount = catalogueMessage(limit);
    }
    return found;
  }

  async function send(values: TransferInput) {
    if (available === undefined) return;
    // Checked when the field was left; a submit straight after typing waits for that answer.
    if (await refuseUnknownRecipient(values.address)) return;
    await action.submit({ ...values, remark: values.remark.trim() });
  }

  const balanceLoading = available === undefined;
  const blockedReason =
    action.disabledReason ??
    (wallet.isError && balanceLoading
      ? describeRequestError(wallet.error)
      : balanceLoading
        ? t`Balance loading`
        : null);

  return (
    <form className="stack" onSubmit={form.onSubmit(send)} noValidate>
      <section className="card">
        <CodeField
          label={<Trans>Receive address</Trans>}
          error={addressError}
          hint={<Trans>A JU Wallet user's wallet address (0x…).</Trans>}
          name="address"
          value={address}
          onChange={(value) => form.set('address', value)}
          onBlur={() => void refuseUnknownRecipient(address)}
          placeholder="0x…"
          action={
            <button type="button" className="button button-ghost" onClick={() => setScanning(true)}>
              <Trans>Scan</Trans>
            </button>
          }
        />
        {lookalike && (
          <p className="warning" role="alert" data-testid="lookalike-warning">
            <Trans>
              Careful: this address looks like {lookalike}, which you have sent to before, but it is
              a different address. Check every character.
            </Trans>
          </p>
        )}
        <AmountField
          coin={TRANSFER_COIN}
          value={amount}
          onChange={(value) => form.set('amount', value)}
          error={errors.amount}
          available={available}
          all={available}
          placeholder={t`Amount of tickets`}
        />
        <Field label={<Trans>Remark (optional)</Trans>} error={errors.remark}>
          {(control) => (
            <input
              {...control}
              className="field-input"
              name="remark"
              maxLength={REMARK_MAX_LENGTH}
              value={remark}
              onChange={(event) => form.set('remark', event.target.value)}
            />
          )}
        </Field>
      </section>
      <NoticeAside>
        <ul>
          <li>
            <Trans>Tickets arrive at once and a transfer cannot be undone.</Trans>
          </li>
          <li>
            <Trans>
              Only send to a JU Wallet user. Check the whole address before you confirm.
            </Trans>
          </li>
        </ul>
      </NoticeAside>
      <MoneyFormActions
        action={action}
        blockedReason={blockedReason}
        submitLabel={<Trans>Confirm transfer</Trans>}
        records={{ to: '/transfer/list', label: <Trans>Transfer records</Trans> }}
      />
      <QrScanDialog open={scanning} onResult={onScan} onDismiss={() => setScanning(false)} />
    </form>
  );
}
