// /wallet/transfer (spec §2, §5): send tickets to another user's wallet address.
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useState, type FormEvent } from 'react';
import { assetDecimals } from '../../api/assets.ts';
import { checkAmountLimits, REMARK_MAX_LENGTH } from '../../api/money.ts';
import {
  TRANSFER_COIN,
  transferRequestSchema,
  type TransferRow,
  transferEndpoints,
} from '../../api/transfer.ts';
import { parseAssetAmount } from '../../money/index.ts';
import { useApi } from '../../state/apiContext.tsx';
import { useAction } from '../../state/actions/useAction.ts';
import { transferListSource, useWallet } from '../../state/queries/money.ts';
import { useRecordList } from '../../state/records/recordList.ts';
import { formatCoinAmount } from '../../ui/Amount.tsx';
import { AmountField } from '../../ui/AmountField.tsx';
import { MoneyFormActions } from '../../ui/MoneyFormActions.tsx';
import { Field } from '../../ui/Field.tsx';
import {
  catalogueMessage,
  checkForm,
  showFieldErrors,
  type FieldErrors,
} from '../../ui/formErrors.ts';
import { useFieldErrors } from '../../ui/useFieldErrors.ts';
import { describeRequestError } from '../../ui/requestFailures.ts';
import { isHexAddress } from '../../wallet/address.ts';
import { lookalikeOf } from './lookalike.ts';
import { QrScanDialog } from './QrScanDialog.tsx';
import { useRecipientCheck } from './useRecipientCheck.ts';
import '../../ui/records.css';

type TransferField = 'address' | 'amount' | 'remark';
const FIELDS: readonly TransferField[] = ['address', 'amount', 'remark'];

export function TransferScreen() {
  const { t, i18n } = useLingui();
  const api = useApi();
  const navigate = useNavigate();
  const wallet = useWallet();
  const sent = useRecordList(transferListSource(api, 'out'));
  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState('');
  const [remark, setRemark] = useState('');
  const { errors, formRef, show, changed } = useFieldErrors<TransferField>();
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
      const remarkText = input.remark ?? '';
      return {
        title: t`Confirm transfer`,
        message: [
          t`Send ${quantity} TICKET to this address?`,
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
      setAddress('');
      setAmount('');
      setRemark('');
      void navigate({ to: '/transfer/list' });
    },
    onFailure: showFieldErrors(FIELDS, show),
  });

  type TransferInput = { address: string; amount: string; remark: string };
  const current: TransferInput = { address, amount, remark };

  // A scanned address replaces the typed one: whatever was said about that one is moot.
  const onScan = useCallback(
    (scanned: string) => {
      setScanning(false);
      setAddress(scanned);
      changed('address', () => ({}));
    },
    [changed],
  );

  /** A field changed: its message goes once the new value passes. */
  const change = (field: TransferField, value: string, set: (value: string) => void) => {
    set(value);
    changed(field, () => validate({ ...current, [field]: value }) ?? {});
  };

  /** Puts 'no such user' on the field when the server knows no account there; true if so. */
  async function refuseUnknownRecipient(typed: string): Promise<boolean> {
    if ((await recipientKnown(typed)) !== false) return false;
    setUnknownRecipient(typed);
    return true;
  }

  function validate({ address, amount, remark }: TransferInput): FieldErrors<TransferField> | null {
    const check = checkForm<typeof transferRequestSchema, TransferField>(
      transferRequestSchema,
      { address, amount, remark },
      { decimals: assetDecimals(TRANSFER_COIN) },
    );
    const found: FieldErrors<TransferField> = check.ok ? {} : { ...check.errors };
    // A mixed-case address whose capitals are wrong is most likely mistyped: say so.
    if (found.address && isHexAddress(address)) {
      found.address = t`The address's capital letters do not match its checksum. Check it for a typo.`;
    }
    if (!found.amount && available !== undefined) {
      const units = parseAssetAmount(amount, TRANSFER_COIN)[0];
      const limit = checkAmountLimits(units, {
        available: parseAssetAmount(available, TRANSFER_COIN)[0],
      });
      if (limit) found.amount = catalogueMessage(limit);
    }
    return Object.values(found).some(Boolean) ? found : null;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (available === undefined) return;
    const found = validate(current);
    show(found ?? {});
    if (found) return;
    // Checked when the field was left; a submit straight after typing waits for that answer.
    if (await refuseUnknownRecipient(address)) return;
    await action.submit({ address, amount, remark: remark.trim() });
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
    <form className="stack" onSubmit={(event) => void onSubmit(event)} noValidate ref={formRef}>
      <section className="card">
        <Field
          label={<Trans>Receive address</Trans>}
          error={addressError}
          hint={<Trans>A JU Wallet user's wallet address (0x…).</Trans>}
        >
          {(control) => (
            <div className="input-row">
              <input
                {...control}
                className="field-input mono"
                name="address"
                value={address}
                onChange={(event) => change('address', event.target.value, setAddress)}
                onBlur={() => void refuseUnknownRecipient(address)}
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                placeholder="0x…"
              />
              <button
                type="button"
                className="button button-ghost"
                onClick={() => setScanning(true)}
              >
                <Trans>Scan</Trans>
              </button>
            </div>
          )}
        </Field>
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
          onChange={(value) => change('amount', value, setAmount)}
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
              onChange={(event) => change('remark', event.target.value, setRemark)}
            />
          )}
        </Field>
      </section>
      <aside className="notice" aria-label={t({ message: 'Notice', context: 'please note' })}>
        <strong>
          <Trans context="please note">Notice</Trans>
        </strong>
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
      </aside>
      <MoneyFormActions
        action={action}
        blockedReason={blockedReason}
        submitLabel={<Trans>Confirm transfer</Trans>}
      />
      <Link to="/transfer/list" className="button button-ghost button-block">
        <Trans>Transfer records</Trans>
      </Link>
      <QrScanDialog open={scanning} onResult={onScan} onDismiss={() => setScanning(false)} />
    </form>
  );
}
