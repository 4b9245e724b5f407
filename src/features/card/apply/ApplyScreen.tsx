// /bank/virtual_apply, /bank/physical_apply and /bank/physicalReapply (spec §2, §5, §8):
// region, an approved holder, a delivery address for a physical card, the fee from the
// server, and the agreements ('please agree'). The fee is paid from the balance as a money
// action (confirm first, one idempotency key per intent), with the server's reason on failure.
// One form for the three endpoints: applyIntents.ts says what each one sends.
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { apiErrors } from '../../../../contract/api/errors.ts';
import { AMOUNT_ERRORS } from '../../../../contract/api/money.ts';
import { ApiError } from '../../../api/requestErrors.ts';
import type { DeliveryAddress } from '../../../../contract/api/card/addresses.ts';
import type { HolderSummary } from '../../../../contract/api/card/holders.ts';
import { CARD_COIN } from '../../../../contract/api/card/shared.ts';
import { parseAssetAmount } from '../../../../contract/money/index.ts';
import { useApi } from '../../../state/apiContext.tsx';
import { useAction } from '../../../state/actions/useAction.ts';
import { addressListSource } from '../../../state/queries/card/addresses.ts';
import { holderListSource } from '../../../state/queries/card/holders.ts';
import { useCardInfo } from '../../../state/queries/card/info.ts';
import { useWallet } from '../../../state/queries/money.ts';
import { useRecordList } from '../../../state/records/recordList.ts';
import { Amount, formatCoinAmount } from '../../../ui/Amount.tsx';
import { LoadMoreButton } from '../../../ui/LoadMoreButton.tsx';
import { Field } from '../../../ui/Field.tsx';
import {
  catalogueMessage,
  checkForm,
  hasFieldErrors,
  type FieldErrors,
} from '../../../ui/formErrors.ts';
import { useForm } from '../../../ui/useForm.ts';
import { MoneyFormActions } from '../../../ui/MoneyFormActions.tsx';
import { describeRequestError } from '../../../ui/requestFailures.ts';
import { cardTypeLabels } from '../cardLabels.ts';
import { useRegionName } from '../regionName.ts';
import { type ApplyChoices, applyIntent, type ApplyTarget } from './applyIntents.ts';
import { AgreementTexts, NoChoice } from './ApplyParts.tsx';
import '../card.css';
import '../../../ui/controls.css';

type ApplyField = 'region' | 'holder_id' | 'address_id' | 'agree' | 'fee';
const FIELDS: readonly ApplyField[] = ['region', 'holder_id', 'address_id', 'agree'];

type ApplyInput = ApplyChoices;

/** The card type, and the earlier application when applying again (/bank/physicalReapply?id=). */
export type ApplyScreenProps = ApplyTarget;

// A new intent is a new form: its action keeps its own idempotency key.
export function ApplyScreen(target: ApplyScreenProps) {
  return (
    <ApplyForm key={target.reapplyOf ? `again ${target.reapplyOf}` : target.type} {...target} />
  );
}

function ApplyForm(target: ApplyScreenProps) {
  const { type, reapplyOf } = target;
  const intent = applyIntent(target);
  const { t, i18n } = useLingui();
  const api = useApi();
  const navigate = useNavigate();
  const info = useCardInfo();
  const wallet = useWallet();
  const holders = useRecordList(holderListSource(api));
  const addresses = useRecordList(addressListSource(api));
  const regionName = useRegionName();
  const approved = holders.items.filter((holder) => holder.status === 'approved');
  const form = useForm<ApplyInput, ApplyField>({
    initial: { region: '', holder_id: '', address_id: '', agree: false },
    check: (values) => validate(chosen(values)),
    fields: FIELDS,
  });
  const { agree } = form.values;
  const { errors } = form;
  const physical = type === 'physical';
  const fee = info.data?.fees[type];
  const available = wallet.data?.balances.find((b) => b.coin === CARD_COIN)?.available;
  const {
    region: chosenRegion,
    holder_id: chosenHolder,
    address_id: chosenAddress,
  } = chosen(form.values);
  const feeText = fee ? `${formatCoinAmount(fee, CARD_COIN, i18n.locale)} ${CARD_COIN}` : '';
  const typeName = i18n._(cardTypeLabels[type]);
  // What the user read: sent with the application, which records it.
  const accepted = (info.data?.agreements ?? []).map(({ id, version }) => ({ id, version }));

  // Whole sentences per card type: a label glued into one came out as 'a Virtual card'.
  const applyQuestion = (region: string) =>
    physical
      ? t`Apply for a physical card in ${region}?`
      : t`Apply for a virtual card in ${region}?`;

  // Where a physical card goes, in full, so the user checks it before paying.
  const delivery = addresses.items.find((item) => item.id === chosenAddress);
  const deliveryAddress = delivery
    ? [
        delivery.name,
        delivery.address,
        delivery.district,
        [delivery.city, delivery.zip].filter(Boolean).join(' '),
        delivery.province,
        delivery.country ? regionName(delivery.country) : '',
      ]
        .filter(Boolean)
        .join(', ')
    : '';

  // What applying does, whichever the intent: confirm the fee, then the list or the reason.
  const outcome = {
    confirm: () => ({
      title: t`Confirm card application`,
      message: [
        applyQuestion(regionName(chosenRegion)),
        ...(physical && deliveryAddress ? [t`Delivered to: ${deliveryAddress}`] : []),
        t`Fee: ${feeText}, paid from your balance.`,
      ].join('\n'),
      confirmText: t`Pay and apply`,
    }),
    successMessage: () => t`Card application submitted`,
    failureMessage: () => t`Card application failed, try again`,
    onSuccess: () => void navigate({ to: '/bank/applyList' }),
    onFailure: (error: unknown) => {
      // The wording changed while the user read it: show the new one, to be agreed to again.
      if (error instanceof ApiError && error.code === apiErrors.agreements_changed.code) {
        form.reset({ ...form.values, agree: false });
        void info.refetch();
        form.show({ agree: error.message });
        return true;
      }
      return form.refusedFields(error);
    },
  };
  const action = useAction(intent.endpoint, outcome);

  function validate(input: ApplyInput): FieldErrors<ApplyField> {
    const check = checkForm<typeof intent.schema, ApplyField>(
      intent.schema,
      intent.body(input, target),
    );
    const found: FieldErrors<ApplyField> = check.ok ? {} : { ...check.errors };
    if (physical && !input.address_id) found.address_id = catalogueMessage('address_not_found');
    if (!input.holder_id) found.holder_id = catalogueMessage('holder_not_approved');
    if (hasFieldErrors(found) || !fee || available === undefined) return found;
    // The fee is judged last, alone: it is about the balance, not what the user chose.
    const short = parseAssetAmount(available, CARD_COIN)[0] < parseAssetAmount(fee, CARD_COIN)[0];
    return short ? { fee: catalogueMessage(AMOUNT_ERRORS.exceeds_balance) } : {};
  }

  /** What is sent: a choice not made yet is the first one offered. */
  function chosen(values: ApplyInput): ApplyInput {
    return {
      region: values.region || (info.data?.regions[0] ?? ''),
      holder_id: values.holder_id || (approved[0]?.id ?? ''),
      address_id: physical ? values.address_id || (addresses.items[0]?.id ?? '') : '',
      agree: values.agree,
    };
  }

  // The balance moves live (a recharge, a transfer in): a fee message judged on the old one
  // is judged again, and goes once the balance covers the fee.
  const { recheck } = form;
  useEffect(() => {
    recheck('fee');
    // Only news of the balance or the fee is judged here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [available, fee]);

  const blockedReason =
    action.disabledReason ??
    (info.isError ? describeRequestError(info.error) : !fee ? t`Loading the card fees…` : null);

  return (
    <form
      className="stack"
      onSubmit={form.onSubmit((values) =>
        action.submit(intent.request(chosen(values), target, accepted)),
      )}
      noValidate
    >
      {reapplyOf && (
        <p className="notice" role="status">
          <Trans>You are applying again. The fee is paid again.</Trans>
        </p>
      )}
      <section className="card stack">
        <p className="row">
          <span>
            <Trans>Card type</Trans>
          </span>
          <strong>{typeName}</strong>
        </p>
        {intent.choosesRegion && (
          <Field label={<Trans>Region</Trans>} error={errors.region}>
            {(control) => (
              <select
                {...control}
                className="field-select"
                value={chosenRegion}
                onChange={(event) => {
                  form.set('region', event.target.value);
                }}
              >
                {(info.data?.regions ?? []).map((code) => (
                  <option key={code} value={code}>
                    {regionName(code)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <Field
          label={<Trans>Holder</Trans>}
          error={errors.holder_id}
          hint={
            approved.length === 0 && holders.status === 'ready' && !holders.hasMore ? (
              <Trans>
                No approved holder yet. <Link to="/bank/holdersList">See holders</Link>
              </Trans>
            ) : holders.hasMore ? (
              <LoadMoreButton list={holders} />
            ) : undefined
          }
        >
          {(control) => (
            <select
              {...control}
              className="field-select"
              value={chosenHolder}
              onChange={(event) => {
                form.set('holder_id', event.target.value);
              }}
            >
              {approved.length === 0 && <NoChoice status={holders.status} />}
              {approved.map((holder: HolderSummary) => (
                <option key={holder.id} value={holder.id}>
                  {holder.first_name} {holder.last_name}
                </option>
              ))}
            </select>
          )}
        </Field>
        {physical && (
          <Field
            label={<Trans>Delivery address</Trans>}
            error={errors.address_id}
            hint={
              <>
                <Link to="/bank/addAddress">
                  <Trans>Add an address</Trans>
                </Link>
                {addresses.hasMore && <LoadMoreButton list={addresses} />}
              </>
            }
          >
            {(control) => (
              <select
                {...control}
                className="field-select"
                value={chosenAddress}
                onChange={(event) => {
                  form.set('address_id', event.target.value);
                }}
              >
                {addresses.items.length === 0 && <NoChoice status={addresses.status} />}
                {addresses.items.map((address: DeliveryAddress) => (
                  <option key={address.id} value={address.id}>
                    {address.name} · {address.city} {address.address}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <p className="row" data-testid="card-fee">
          <span>
            <Trans>Fee</Trans>
          </span>
          {fee ? <Amount value={fee} coin={CARD_COIN} /> : <span className="skeleton" />}
        </p>
        <p className="row">
          <span>
            <Trans>Available</Trans>
          </span>
          {available === undefined ? (
            <Trans>Balance loading</Trans>
          ) : (
            <Amount value={available} coin={CARD_COIN} />
          )}
        </p>
        {errors.fee && (
          <p className="form-error" role="alert" data-invalid="true">
            {errors.fee}
          </p>
        )}
      </section>
      <section className="card stack" aria-labelledby="agreements-title">
        <h2 className="section-title" id="agreements-title">
          <Trans>Agreements</Trans>
        </h2>
        {info.data ? (
          <AgreementTexts agreements={info.data.agreements} />
        ) : (
          <div className="skeleton skeleton-row" />
        )}
        <label className="agree">
          <input
            type="checkbox"
            name="agree"
            checked={agree}
            aria-invalid={Boolean(errors.agree)}
            onChange={(event) => {
              form.set('agree', event.target.checked);
            }}
          />
          <span>
            <Trans>I have read and agree to the agreements above.</Trans>
          </span>
        </label>
        {errors.agree && (
          <p className="form-error" role="alert">
            {errors.agree}
          </p>
        )}
      </section>
      <MoneyFormActions
        action={action}
        blockedReason={blockedReason}
        submitLabel={<Trans>Pay the fee and apply</Trans>}
      />
      <Link to="/bank/applyList" className="button button-ghost button-block">
        <Trans>My applications</Trans>
      </Link>
    </form>
  );
}
