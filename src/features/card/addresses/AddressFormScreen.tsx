// /bank/addAddress (spec §2, §5): a delivery address for physical cards, added or edited
// (`?id=`). Every field is required: 'please fill in all address info'.
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import {
  addressFormSchema,
  type AddressForm,
  type DeliveryAddress,
  visaEndpoints,
} from '../../../api/visa.ts';
import { useDeliveryAddress } from '../../../state/queries/card.ts';
import {
  checkForm,
  hasFieldErrors,
  showFieldErrors,
  type FieldErrors,
} from '../../../ui/formErrors.ts';
import { useFieldErrors } from '../../../ui/useFieldErrors.ts';
import { PageSkeleton } from '../../../ui/PageSkeleton.tsx';
import { describeRequestError } from '../../../ui/requestFailures.ts';
import { TextField } from '../TextField.tsx';
import { useAction } from '../../../state/actions/useAction.ts';
import { useDeleteAddress } from './AddressListScreen.tsx';

type AddressField = keyof AddressForm;
const FIELDS: readonly AddressField[] = [
  'name',
  'phone',
  'province',
  'city',
  'district',
  'address',
  'zip',
];

export function AddressFormScreen({ id }: { id?: string | undefined }) {
  const address = useDeliveryAddress(id);
  if (id && address.isPending) return <PageSkeleton />;
  if (id && address.isError) {
    return (
      <p className="form-error" role="alert">
        {describeRequestError(address.error)}
      </p>
    );
  }
  return <AddressFormBody key={id ?? 'new'} address={id ? (address.data ?? null) : null} />;
}

function AddressFormBody({ address }: { address: DeliveryAddress | null }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [form, setForm] = useState<Record<AddressField, string>>(() => ({
    name: address?.name ?? '',
    phone: address?.phone ?? '',
    province: address?.province ?? '',
    city: address?.city ?? '',
    district: address?.district ?? '',
    address: address?.address ?? '',
    zip: address?.zip ?? '',
  }));
  const { errors, formRef, show, changed } = useFieldErrors<AddressField>();
  const toList = () => void navigate({ to: '/bank/addressList' });
  const saved = {
    successMessage: () => (address ? t`Address updated` : t`Address saved`),
    failureMessage: () => (address ? t`Address update failed` : t`Address save failed`),
    onSuccess: toList,
    onFailure: showFieldErrors(FIELDS, show),
  };
  const add = useAction(visaEndpoints.addAddress, saved);
  const edit = useAction(visaEndpoints.editAddress, saved);
  const save = address ? edit : add;
  const remove = useDeleteAddress(toList);

  const check = (values: AddressForm): FieldErrors<AddressField> => {
    const checked = checkForm<typeof addressFormSchema, AddressField>(addressFormSchema, values);
    return checked.ok ? {} : checked.errors;
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = check(form);
    show(found);
    if (!hasFieldErrors(found))
      void (address ? edit.submit({ ...form, id: address.id }) : add.submit(form));
  }

  const field = (
    name: AddressField,
    label: string,
    extra: { type?: string; autoComplete?: string; inputMode?: 'tel' | 'numeric' } = {},
  ) => (
    <TextField
      name={name}
      label={label}
      value={form[name]}
      onChange={(value) => {
        const next = { ...form, [name]: value };
        setForm(next);
        changed(name, () => check(next));
      }}
      error={errors[name]}
      {...extra}
    />
  );

  return (
    <form className="stack" onSubmit={onSubmit} noValidate ref={formRef}>
      <section className="card stack">
        {field('name', t`Recipient`, { autoComplete: 'name' })}
        {field('phone', t`Phone`, { type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
        {field('province', t`Province`)}
        {field('city', t`City`)}
        {field('district', t`District`)}
        {field('address', t`Detailed address`, { autoComplete: 'street-address' })}
        {field('zip', t`Zip code`, { autoComplete: 'postal-code' })}
      </section>
      <button
        type="submit"
        className="button button-primary button-block"
        disabled={save.pending || save.disabledReason !== null}
      >
        {save.pending ? <Trans>Sending…</Trans> : <Trans>Save address</Trans>}
      </button>
      {address && (
        <button
          type="button"
          className="button button-ghost button-block"
          disabled={remove.pending || save.disabledReason !== null}
          onClick={() => void remove.run(address)}
        >
          <Trans>Delete address</Trans>
        </button>
      )}
    </form>
  );
}
