// /bank/addressList (spec §2): delivery addresses for physical cards; edit; delete with
// confirmation.
import { addressEndpoints, type DeliveryAddress } from '../../../../contract/api/card/addresses.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useApi } from '../../../state/apiContext.tsx';
import { addressListSource } from '../../../state/queries/card/addresses.ts';
import { useRecordList } from '../../../state/records/recordList.ts';
import { CardList } from '../CardList.tsx';
import { RowActions } from '../cardParts.tsx';
import { useRegionName } from '../regionName.ts';
import { useAction } from '../../../state/actions/useAction.ts';
import '../card.css';

/** Deleting an address, asked first with its recipient's name. */
export function useDeleteAddress(onDeleted?: () => void) {
  const { t } = useLingui();
  const remove = useAction(addressEndpoints.deleteAddress, {
    successMessage: () => t`Address deleted`,
    failureMessage: () => t`Address delete failed`,
    ...(onDeleted ? { onSuccess: onDeleted } : {}),
  });
  return {
    pending: remove.pending,
    run: (address: Pick<DeliveryAddress, 'id' | 'name'>) =>
      remove.submit(
        { id: address.id },
        {
          title: t`Delete address`,
          message: t`Delete the address of ${address.name}? This cannot be undone.`,
          confirmText: t`Delete`,
        },
      ),
  };
}

export function AddressListScreen() {
  const { t } = useLingui();
  const regionName = useRegionName();
  const list = useRecordList(addressListSource(useApi()));
  const remove = useDeleteAddress();
  return (
    <CardList
      list={list}
      label={t`Delivery addresses`}
      empty={<Trans>No addresses yet</Trans>}
      add={{ to: '/bank/addAddress', label: <Trans>Add an address</Trans> }}
      row={(row: DeliveryAddress) => (
        <div className="record-body" data-testid="address-record">
          <span className="record-line">
            <span className="record-title">{row.name}</span>
            <span className="record-meta">{row.phone}</span>
          </span>
          <span className="record-meta">
            {[
              row.address,
              row.district,
              row.city,
              row.province,
              row.zip,
              row.country ? regionName(row.country) : '',
            ]
              .filter(Boolean)
              .join(', ')}
          </span>
          <RowActions
            edit={{ to: '/bank/addAddress', id: row.id, label: t`Edit the address of ${row.name}` }}
            deleteLabel={t`Delete the address of ${row.name}`}
            busy={remove.pending}
            onDelete={() => void remove.run(row)}
          />
        </div>
      )}
    />
  );
}
