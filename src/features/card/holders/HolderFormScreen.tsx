// /bank/addHolders (spec §2, §5): add a cardholder, or correct one not yet approved
// (`?id=`). Every field is required; names and the billing address in English or pinyin;
// real dates; the document's photos (front and back of an id card, one of a passport),
// downsized on the device and uploaded before the form is sent; a confirmation first.
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import {
  type Holder,
  holderEndpoints,
  type HolderForm,
  holderFormSchema,
  ID_TYPES,
  type IdType,
} from '../../../../contract/api/card/holders.ts';
import { useAction } from '../../../state/actions/useAction.ts';
import { useApi } from '../../../state/apiContext.tsx';
import { uploadImg, useHolder } from '../../../state/queries/card/holders.ts';
import { catalogueMessage } from '../../../ui/formErrors.ts';
import { RecordToEdit } from '../../../ui/RecordToEdit.tsx';
import { schemaCheck, useForm } from '../../../ui/useForm.ts';
import { idTypeLabels } from '../cardLabels.ts';
import { usePhotoSlot, type RequestUpload } from '../photos/usePhotoSlot.ts';
import { PhoneField, TextField } from '../TextField.tsx';
import '../card.css';
import '../../../ui/controls.css';
import { SegmentedChoice } from '../../../ui/SegmentedChoice.tsx';

// The camera, canvas and upload parts load when the form shows its photo fields.
const PhotoPicker = lazy(() => import('../photos/PhotoPicker.tsx'));

type TextKey = Exclude<keyof HolderForm, 'id_type' | 'photos'>;
type HolderValues = Record<TextKey, string> & { id_type: IdType };
type HolderSent = HolderValues & { photos: string[] };
type HolderField = keyof HolderForm;
const FIELDS: readonly HolderField[] = [
  'first_name',
  'last_name',
  'phone',
  'email',
  'province',
  'city',
  'district',
  'address',
  'id_type',
  'id_number',
  'issue_date',
  'expiry_date',
  'photos',
];

export function HolderFormScreen({ id }: { id?: string | undefined }) {
  return (
    <RecordToEdit id={id} query={useHolder(id)}>
      {(holder) => <HolderFormBody key={id ?? 'new'} holder={holder} />}
    </RecordToEdit>
  );
}

/** The holder being corrected, or an empty form (an id card by default). */
function initialValues(holder: Holder | null): HolderValues {
  const shown = FIELDS.filter((field) => field !== 'photos');
  const values = Object.fromEntries(shown.map((field) => [field, holder?.[field] ?? '']));
  return { ...(values as HolderValues), id_type: holder?.id_type ?? 'id_card' };
}

const checkHolder = schemaCheck<ReturnType<typeof holderFormSchema>, HolderField>(
  holderFormSchema(),
);

function HolderFormBody({ holder }: { holder: Holder | null }) {
  const { t, i18n } = useLingui();
  const api = useApi();
  const navigate = useNavigate();
  const requestUpload: RequestUpload = (photo, signal) =>
    uploadImg(api, { content_type: photo.type, size: photo.blob.size }, signal);
  const front = usePhotoSlot(holder?.photos[0] ?? null, requestUpload);
  const back = usePhotoSlot(holder?.photos[1] ?? null, requestUpload);
  // A photo counts once its upload is done; the id type decides how many there are.
  const withPhotos = (values: HolderValues): HolderSent => ({
    ...values,
    photos: (values.id_type === 'passport' ? [front.file] : [front.file, back.file]).filter(
      (file): file is string => file !== null,
    ),
  });
  // An empty field says what it needs beside it; the form says once, at the top, that all
  // are needed (the catalogue's words), not eleven times.
  const needs: Record<TextKey, string> = {
    first_name: t`Enter a first name`,
    last_name: t`Enter a last name`,
    phone: t`Enter a phone number`,
    email: t`Enter an email address`,
    province: t`Enter a province`,
    city: t`Enter a city`,
    district: t`Enter a district`,
    address: t`Enter the detailed address`,
    id_number: t`Enter the ID number`,
    issue_date: t`Enter the issue date`,
    expiry_date: t`Enter the expiry date`,
  };
  const form = useForm<HolderValues, HolderField>({
    initial: () => initialValues(holder),
    check: (values) => {
      const found = checkHolder(withPhotos(values));
      const required = catalogueMessage('holder_fields_required');
      for (const field of Object.keys(needs) as TextKey[])
        if (found[field] === required) found[field] = needs[field];
      return found;
    },
    fields: FIELDS,
    // The dates are judged together (expiry after issue), and the id type decides the photos.
    linked: {
      issue_date: ['issue_date', 'expiry_date'],
      expiry_date: ['issue_date', 'expiry_date'],
      id_type: ['id_type', 'photos'],
    },
  });
  const { errors } = form;
  const idType = form.values.id_type;
  const missing = (Object.keys(needs) as TextKey[]).some(
    (field) => errors[field] !== undefined && errors[field] === needs[field],
  );

  const confirmHolder = (values: HolderSent) => ({
    title: t`Confirm holder`,
    message: [
      `${values.first_name} ${values.last_name}`,
      `${i18n._(idTypeLabels[values.id_type])} ${values.id_number}`,
      `${values.issue_date} – ${values.expiry_date}`,
      values.phone,
      values.email,
      [values.address, values.district, values.city, values.province].join(', '),
      t`Check every detail: it must match your document.`,
    ].join('\n'),
    confirmText: t`Submit`,
  });
  const saved = {
    successMessage: () => (holder ? t`Holder updated` : t`Holder saved`),
    failureMessage: () => (holder ? t`Holder update failed` : t`Holder save failed`),
    onSuccess: () => void navigate({ to: '/bank/holdersList', replace: true }),
    onFailure: form.refusedFields,
  };
  const add = useAction(holderEndpoints.addHolder, saved);
  const edit = useAction(holderEndpoints.editHolder, saved);
  const save = holder ? edit : add;

  const remove = useAction(holderEndpoints.deleteHolder, {
    confirm: () => ({
      title: t`Delete holder`,
      message: t`Delete this holder? This cannot be undone.`,
      confirmText: t`Delete`,
    }),
    successMessage: () => t`Holder deleted`,
    failureMessage: () => t`Holder delete failed`,
    onSuccess: () => void navigate({ to: '/bank/holdersList', replace: true }),
  });

  const submit = (values: HolderValues) => {
    const sent = withPhotos(values);
    return save.submit(holder ? { ...sent, id: holder.id } : sent, confirmHolder(sent));
  };

  // An upload finishing is news about the photos, whenever it happens.
  const frontFile = front.file;
  const backFile = back.file;
  useEffect(() => {
    form.recheck('photos');
    // Only a change of the uploaded files is news here; the rest is judged where it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [frontFile, backFile]);

  const latinHint = <Trans>In English or pinyin.</Trans>;

  return (
    <form className="stack" onSubmit={form.onSubmit(submit)} noValidate>
      {missing && (
        <p className="form-error" role="alert" data-testid="holder-missing">
          {catalogueMessage('holder_fields_required')}
        </p>
      )}
      {holder?.status === 'rejected' && holder.reject_reason && (
        <p className="notice" role="status">
          <Trans>Rejected: {holder.reject_reason}</Trans>
        </p>
      )}
      <section className="card stack">
        <h2 className="section-title">
          <Trans>Holder</Trans>
        </h2>
        <TextField
          {...form.bind('first_name')}
          label={t`First name (English)`}
          hint={latinHint}
          autoComplete="given-name"
        />
        <TextField
          {...form.bind('last_name')}
          label={t`Last name (English)`}
          hint={latinHint}
          autoComplete="family-name"
        />
        <PhoneField {...form.bind('phone')} />
        <TextField
          {...form.bind('email')}
          label={t`Email`}
          type="email"
          inputMode="email"
          autoComplete="email"
        />
      </section>
      <section className="card stack">
        <h2 className="section-title">
          <Trans>Billing address</Trans>
        </h2>
        <TextField {...form.bind('province')} label={t`Province`} hint={latinHint} />
        <TextField {...form.bind('city')} label={t`City`} hint={latinHint} />
        <TextField {...form.bind('district')} label={t`District`} hint={latinHint} />
        <TextField {...form.bind('address')} label={t`Detailed address`} hint={latinHint} />
      </section>
      <section className="card stack">
        <h2 className="section-title">
          <Trans>Identity document</Trans>
        </h2>
        <SegmentedChoice
          legend={<Trans>ID type</Trans>}
          name="id_type"
          options={ID_TYPES}
          value={idType}
          onChange={(type) => form.set('id_type', type)}
          label={(type) => i18n._(idTypeLabels[type])}
        />
        <TextField {...form.bind('id_number')} label={t`ID number`} />
        <TextField {...form.bind('issue_date')} label={t`Issue date`} type="date" />
        <TextField {...form.bind('expiry_date')} label={t`Expiry date`} type="date" />
        <div className="stack" data-invalid={Boolean(errors.photos)}>
          <Suspense fallback={<div className="skeleton skeleton-row" />}>
            <PhotoPicker
              label={idType === 'passport' ? t`Passport photo page` : t`Front of the ID card`}
              slot={front}
            />
            {idType === 'id_card' && <PhotoPicker label={t`Back of the ID card`} slot={back} />}
          </Suspense>
          {errors.photos && (
            <p className="form-error" role="alert">
              {errors.photos}
            </p>
          )}
        </div>
        <p className="field-hint">
          <Trans>
            Photos are made smaller and stripped of location data on this device before they are
            sent.
          </Trans>
        </p>
      </section>
      {save.disabledReason && (
        <p className="field-hint" role="status">
          <Trans>You are offline. Connect to save the holder.</Trans>
        </p>
      )}
      <button
        type="submit"
        className="button button-primary button-block"
        disabled={save.pending || save.disabledReason !== null}
      >
        {save.pending ? <Trans>Sending…</Trans> : <Trans>Submit holder</Trans>}
      </button>
      {holder && (
        <button
          type="button"
          className="button button-ghost button-block"
          disabled={remove.pending || save.disabledReason !== null}
          onClick={() => void remove.submit({ id: holder.id })}
        >
          <Trans>Delete holder</Trans>
        </button>
      )}
    </form>
  );
}
