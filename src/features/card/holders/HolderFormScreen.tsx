// /bank/addHolders (spec §2, §5): add a cardholder, or correct one not yet approved
// (`?id=`). Every field is required; names and the billing address in English or pinyin;
// real dates; the document's photos (front and back of an id card, one of a passport),
// downsized on the device and uploaded before the form is sent; a confirmation first.
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import {
  editKycRequestSchema,
  holderFormSchema,
  ID_TYPES,
  type Holder,
  type HolderForm,
  type IdType,
  visaEndpoints,
} from '../../../api/visa.ts';
import { useApi } from '../../../state/apiContext.tsx';
import { uploadImg, useHolder } from '../../../state/queries/card.ts';
import {
  checkForm,
  hasFieldErrors,
  showFieldErrors,
  type FieldErrors,
} from '../../../ui/formErrors.ts';
import { useFieldErrors } from '../../../ui/useFieldErrors.ts';
import { PageSkeleton } from '../../../ui/PageSkeleton.tsx';
import { describeRequestError } from '../../../ui/requestFailures.ts';
import { idTypeLabels } from '../cardLabels.ts';
import { usePhotoSlot, type RequestUpload } from '../photos/usePhotoSlot.ts';
import { TextField } from '../TextField.tsx';
import { useAction } from '../../../state/actions/useAction.ts';
import '../card.css';

// The camera, canvas and upload parts load when the form shows its photo fields.
const PhotoPicker = lazy(() => import('../photos/PhotoPicker.tsx'));

type TextKey = Exclude<keyof HolderForm, 'id_type' | 'photos'>;
type HolderField = TextKey | 'id_type' | 'photos';
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
  const holder = useHolder(id);
  if (id && holder.isPending) return <PageSkeleton />;
  if (id && holder.isError) {
    return (
      <p className="form-error" role="alert">
        {describeRequestError(holder.error)}
      </p>
    );
  }
  return <HolderFormBody key={id ?? 'new'} holder={id ? (holder.data ?? null) : null} />;
}

function emptyText(holder: Holder | null): Record<TextKey, string> {
  return {
    first_name: holder?.first_name ?? '',
    last_name: holder?.last_name ?? '',
    phone: holder?.phone ?? '',
    email: holder?.email ?? '',
    province: holder?.province ?? '',
    city: holder?.city ?? '',
    district: holder?.district ?? '',
    address: holder?.address ?? '',
    id_number: holder?.id_number ?? '',
    issue_date: holder?.issue_date ?? '',
    expiry_date: holder?.expiry_date ?? '',
  };
}

function HolderFormBody({ holder }: { holder: Holder | null }) {
  const { t, i18n } = useLingui();
  const api = useApi();
  const navigate = useNavigate();
  const [text, setText] = useState(() => emptyText(holder));
  const [idType, setIdType] = useState<IdType>(holder?.id_type ?? 'id_card');
  const { errors, formRef, show, changed } = useFieldErrors<HolderField>();
  const requestUpload: RequestUpload = (photo, signal) =>
    uploadImg(api, { content_type: photo.type, size: photo.blob.size }, signal);
  const front = usePhotoSlot(holder?.photos[0] ?? null, requestUpload);
  const back = usePhotoSlot(holder?.photos[1] ?? null, requestUpload);
  const photosOf = (type: IdType) =>
    (type === 'passport' ? [front.file] : [front.file, back.file]).filter(
      (file): file is string => file !== null,
    );
  const photos = photosOf(idType);

  const confirmHolder = (form: HolderForm) => ({
    title: t`Confirm holder`,
    message: [
      `${form.first_name} ${form.last_name}`,
      `${i18n._(idTypeLabels[idType])} ${form.id_number}`,
      `${form.issue_date} – ${form.expiry_date}`,
      form.phone,
      form.email,
      [form.address, form.district, form.city, form.province].join(', '),
      t`Check every detail: it must match your document.`,
    ].join('\n'),
    confirmText: t`Submit`,
  });
  const saved = {
    successMessage: () => (holder ? t`Holder updated` : t`Holder saved`),
    failureMessage: () => (holder ? t`Holder update failed` : t`Holder save failed`),
    onSuccess: () => void navigate({ to: '/bank/holdersList' }),
    onFailure: showFieldErrors(FIELDS, show),
  };
  const add = useAction(visaEndpoints.addKyc, saved);
  const edit = useAction(visaEndpoints.editKyc, saved);
  const save = holder ? edit : add;

  const remove = useAction(visaEndpoints.deleteKyc, {
    confirm: () => ({
      title: t`Delete holder`,
      message: t`Delete this holder? This cannot be undone.`,
      confirmText: t`Delete`,
    }),
    successMessage: () => t`Holder deleted`,
    failureMessage: () => t`Holder delete failed`,
    onSuccess: () => void navigate({ to: '/bank/holdersList' }),
  });

  function check(values: HolderForm): FieldErrors<HolderField> {
    const checked = holder
      ? checkForm<ReturnType<typeof editKycRequestSchema>, HolderField>(editKycRequestSchema(), {
          ...values,
          id: holder.id,
        })
      : checkForm<ReturnType<typeof holderFormSchema>, HolderField>(holderFormSchema(), values);
    return checked.ok ? {} : checked.errors;
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const values = { ...text, id_type: idType, photos };
    const found = check(values);
    show(found);
    if (!hasFieldErrors(found))
      void save.submit(holder ? { ...values, id: holder.id } : values, confirmHolder(values));
  }

  // A photo counts once its upload is done, whenever that is.
  const frontFile = front.file;
  const backFile = back.file;
  useEffect(() => {
    changed('photos', () => check({ ...text, id_type: idType, photos: photosOf(idType) }));
    // Only a change of the uploaded files is news here; the rest is checked where it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [frontFile, backFile]);

  // The dates are judged together (expiry after issue), and the id type decides the photos.
  const linked: Partial<Record<HolderField, readonly HolderField[]>> = {
    issue_date: ['issue_date', 'expiry_date'],
    expiry_date: ['issue_date', 'expiry_date'],
    id_type: ['id_type', 'photos'],
  };
  const changeText = (name: TextKey, value: string) => {
    const next = { ...text, [name]: value };
    setText(next);
    changed(linked[name] ?? name, () =>
      check({ ...next, id_type: idType, photos: photosOf(idType) }),
    );
  };
  const changeIdType = (type: IdType) => {
    setIdType(type);
    changed(linked.id_type!, () => check({ ...text, id_type: type, photos: photosOf(type) }));
  };

  const field = (
    name: TextKey,
    label: string,
    extra: Partial<Parameters<typeof TextField>[0]> = {},
  ) => (
    <TextField
      name={name}
      label={label}
      value={text[name]}
      onChange={(value) => changeText(name, value)}
      error={errors[name]}
      {...extra}
    />
  );
  const latinHint = <Trans>In English or pinyin.</Trans>;

  return (
    <form className="stack" onSubmit={onSubmit} noValidate ref={formRef}>
      {holder?.status === 'rejected' && holder.reject_reason && (
        <p className="notice" role="status">
          <Trans>Rejected: {holder.reject_reason}</Trans>
        </p>
      )}
      <section className="card stack">
        <h2 className="section-title">
          <Trans>Holder</Trans>
        </h2>
        {field('first_name', t`First name (English)`, {
          hint: latinHint,
          autoComplete: 'given-name',
        })}
        {field('last_name', t`Last name (English)`, {
          hint: latinHint,
          autoComplete: 'family-name',
        })}
        {field('phone', t`Phone`, { type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
        {field('email', t`Email`, { type: 'email', inputMode: 'email', autoComplete: 'email' })}
      </section>
      <section className="card stack">
        <h2 className="section-title">
          <Trans>Billing address</Trans>
        </h2>
        {field('province', t`Province`, { hint: latinHint })}
        {field('city', t`City`, { hint: latinHint })}
        {field('district', t`District`, { hint: latinHint })}
        {field('address', t`Detailed address`, { hint: latinHint })}
      </section>
      <section className="card stack">
        <h2 className="section-title">
          <Trans>Identity document</Trans>
        </h2>
        <fieldset className="segmented">
          <legend>
            <Trans>ID type</Trans>
          </legend>
          {ID_TYPES.map((type) => (
            <label key={type} className="segmented-option">
              <input
                type="radio"
                name="id_type"
                value={type}
                checked={idType === type}
                onChange={() => changeIdType(type)}
              />
              <span>{i18n._(idTypeLabels[type])}</span>
            </label>
          ))}
        </fieldset>
        {field('id_number', t`ID number`)}
        {field('issue_date', t`Issue date`, { type: 'date' })}
        {field('expiry_date', t`Expiry date`, { type: 'date' })}
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
