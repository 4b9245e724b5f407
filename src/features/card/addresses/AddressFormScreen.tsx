// /bank/addAddress (spec §2, §5): a delivery address for physical cards, added or edited
// (`?id=`). Every field is required: 'please fill in all address info'. The country is
// chosen from those cards are sent to, and the postcode must have that country's shape (a
// country without postcodes, Hong Kong, asks for none).
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import {
  addressEndpoints,
  addressFormSchema,
  type DeliveryAddress,
} from '../../../../contract/api/card/addresses.ts';
import {
  DELIVERY_COUNTRIES,
  isDeliveryCountry,
  needsPostcode,
  postcodeFits,
} from '../../../../contract/api/postcodes.ts';
import { useAction } from '../../../state/actions/useAction.ts';
import { useDeliveryAddress } from '../../../state/queries/card/addresses.ts';
import { Field } from '../../../ui/Field.tsx';
import { catalogueMessage } from '../../../ui/formErrors.ts';
import { RecordToEdit } from '../../../ui/RecordToEdit.tsx';
import { schemaCheck, useForm } from '../../../ui/useForm.ts';
import { useRegionName } from '../regionName.ts';
import { PhoneField, TextField } from '../TextField.tsx';
import { useDeleteAddress } from './AddressListScreen.tsx';

export function AddressFormScreen({ id }: { id?: string | undefined }) {
  return (
    <RecordToEdit id={id} query={useDeliveryAddress(id)}>
      {(address) => <AddressFormBody key={id ?? 'new'} address={address} />}
    </RecordToEdit>
  );
}

type AddressField =
  'name' | 'phone' | 'country' | 'province' | 'city' | 'district' | 'address' | 'zip';
type AddressValues = Record<AddressField, string>;
const checkAddress = schemaCheck<typeof addressFormSchema, AddressField>(addressFormSchema);

function AddressFormBody({ address }: { address: DeliveryAddress | null }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const regionName = useRegionName();
  const form = useForm<AddressValues>({
    initial: () => ({
      name: address?.name ?? '',
      phone: address?.phone ?? '',
      // An address saved before countries were asked for chooses one when edited.
      country: address?.country && isDeliveryCountry(address.country) ? address.country : '',
      province: address?.province ?? '',
      city: address?.city ?? '',
      district: address?.district ?? '',
      address: address?.address ?? '',
      zip: address?.zip ?? '',
    }),
    check: (values) => {
      const found = checkAddress(sent(values));
      // The schema judges the postcode with its country only once every field is valid;
      // the form says what is wrong with it at once, with the rest.
      const zip = values.zip.trim();
      if (found.zip === undefined && values.country !== '') {
        if (zip === '' && needsPostcode(values.country))
          found.zip = catalogueMessage('address_fields_required');
        else if (zip !== '' && !postcodeFits(values.country, zip))
          found.zip = catalogueMessage('invalid_postcode');
      }
      return found;
    },
    linked: { country: ['country', 'zip'] },
  });
  const { country } = form.values;
  const withPostcode = country === '' || needsPostcode(country);
  /** Where there are no postcodes, none is sent, whatever was typed before. */
  const sent = (values: AddressValues) => ({
    ...values,
    zip: values.country === '' || needsPostcode(values.country) ? values.zip : '',
  });
  const toList = () => void navigate({ to: '/bank/addressList', replace: true });
  const saved = {
    successMessage: () => (address ? t`Address updated` : t`Address saved`),
    failureMessage: () => (address ? t`Address update failed` : t`Address save failed`),
    onSuccess: toList,
    onFailure: form.refusedFields,
  };
  const add = useAction(addressEndpoints.addAddress, saved);
  const edit = useAction(addressEndpoints.editAddress, saved);
  const save = address ? edit : add;
  const remove = useDeleteAddress(toList);

  return (
    <form
      className="stack"
      onSubmit={form.onSubmit((values) => {
        const body = sent(values);
        return address ? edit.submit({ ...body, id: address.id }) : add.submit(body);
      })}
      noValidate
    >
      <section className="card stack">
        <TextField {...form.bind('name')} label={t`Recipient`} autoComplete="name" />
        <PhoneField {...form.bind('phone')} />
        <Field label={<Trans>Country or region</Trans>} error={form.errors.country}>
          {(control) => (
            <select
              {...control}
              className="field-select"
              name="country"
              autoComplete="country"
              value={country}
              onChange={(event) => form.set('country', event.target.value)}
            >
              <option value="">{t`Choose…`}</option>
              {DELIVERY_COUNTRIES.map((code) => (
                <option key={code} value={code}>
                  {regionName(code)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField {...form.bind('province')} label={t`Province`} />
        <TextField {...form.bind('city')} label={t`City`} />
        <TextField {...form.bind('district')} label={t`District`} />
        <TextField
          {...form.bind('address')}
          label={t`Detailed address`}
          autoComplete="street-address"
        />
        {withPostcode && (
          <TextField {...form.bind('zip')} label={t`Zip code`} autoComplete="postal-code" />
        )}
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
