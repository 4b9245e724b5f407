// /bank/addAddress (spec §2, §5): a delivery address for physical cards, added or edited
// (`?id=`). Every field is required: 'please fill in all address info'.
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import {
  addressFormSchema,
  type AddressForm,
  type DeliveryAddress,
  cardEndpoints,
} from '../../../api/card.ts';
import { useAction } from '../../../state/actions/useAction.ts';
import { useDeliveryAddress } from '../../../state/queries/card.ts';
import { RecordToEdit } from '../../../ui/RecordToEdit.tsx';
import { schemaCheck, useForm } from '../../../ui/useForm.ts';
import { PhoneField, TextField } from '../TextField.tsx';
import { useDeleteAddress } from './AddressListScreen.tsx';

export function AddressFormScreen({ id }: { id?: string | undefined }) {
  return (
    <RecordToEdit id={id} query={useDeliveryAddress(id)}>
      {(address) => <AddressFormBody key={id ?? 'new'} address={address} />}
    </RecordToEdit>
  );
}

type AddressField = keyof AddressForm;
const checkAddress = schemaCheck<typeof addressFormSchema, AddressField>(addressFormSchema);

function AddressFormBody({ address }: { address: DeliveryAddress | null }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const form = useForm<Record<AddressField, string>>({
    initial: () => ({
      name: address?.name ?? '',
      phone: address?.phone ?? '',
      province: address?.province ?? '',
      city: address?.city ?? '',
      district: address?.district ?? '',
      address: address?.address ?? '',
      zip: address?.zip ?? '',
    }),
    check: checkAddress,
  });
  const toList = () => void navigate({ to: '/bank/addressList', replace: true });
  const saved = {
    successMessage: () => (address ? t`Address updated` : t`Address saved`),
    failureMessage: () => (address ? t`Address update failed` : t`Address save failed`),
    onSuccess: toList,
    onFailure: form.refusedFields,
  };
  const add = useAction(cardEndpoints.addAddress, saved);
  const edit = useAction(cardEndpoints.editAddress, saved);
  const save = address ? edit : add;
  const remove = useDeleteAddress(toList);

  return (
    <form
      className="stack"
      onSubmit={form.onSubmit((values) =>
        address ? edit.submit({ ...values, id: address.id }) : add.submit(values),
      )}
      noValidate
    >
      <section className="card stack">
        <TextField {...form.bind('name')} label={t`Recipient`} autoComplete="name" />
        <PhoneField {...form.bind('phone')} />
        <TextField {...form.bind('province')} label={t`Province`} />
        <TextField {...form.bind('city')} label={t`City`} />
        <TextField {...form.bind('district')} label={t`District`} />
        <TextField
          {...form.bind('address')}
          label={t`Detailed address`}
          autoComplete="street-address"
        />
        <TextField {...form.bind('zip')} label={t`Zip code`} autoComplete="postal-code" />
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
