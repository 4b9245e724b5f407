// 'Data on this device': how much the app keeps here for reading offline, whether the browser
// promised to keep it, and a way to remove all of it (records, the remembered address and
// wallet) — for a shared or handed-on phone. Clearing also signs out: a signed-in screen
// would save what it shows again at once.
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useRecordCache } from '../../offline/recordCacheContext.tsx';
import { signOut } from '../../signIn/signOut.ts';
import { confirm, ConfirmCancelled, expectConfirm } from '../../ui/confirm.ts';
import { toast } from '../../ui/toast.ts';
import '../../ui/controls.css';

const usageKey = ['deviceData', 'usage'] as const;

export function DeviceData() {
  const { t, i18n } = useLingui();
  const cache = useRecordCache();
  const queryClient = useQueryClient();
  const [clearing, setClearing] = useState(false);
  const usage = useQuery({
    queryKey: usageKey,
    queryFn: () => cache.usage(),
    staleTime: 0,
    networkMode: 'always',
  });
  useEffect(expectConfirm, []);

  const megabytes = (bytes: number | null) =>
    bytes === null
      ? '—'
      : i18n.number(bytes / 1_000_000, {
          style: 'unit',
          unit: 'megabyte',
          maximumFractionDigits: 1,
        });

  async function clear() {
    try {
      await confirm({
        title: t`Clear data on this device?`,
        message: t`Everything this app keeps on this device is removed: saved records, the remembered address and wallet. You will be signed out.`,
        confirmText: t`Clear data`,
      });
    } catch (error) {
      if (error instanceof ConfirmCancelled) return;
      throw error;
    }
    setClearing(true);
    try {
      await signOut();
      await cache.clearAll();
      toast(t`Data on this device cleared`, 'success');
    } finally {
      setClearing(false);
      void queryClient.invalidateQueries({ queryKey: usageKey });
    }
  }

  const figures = usage.data;
  const used = megabytes(figures?.storage.usage ?? null);
  const quota = megabytes(figures?.storage.quota ?? null);
  const persisted = figures?.storage.persisted;
  return (
    <section className="card stack" id="device-data" aria-labelledby="user-device-data">
      <h2 id="user-device-data" className="section-title">
        <Trans>Data on this device</Trans>
      </h2>
      <p className="muted">
        <Trans>Records you have seen are kept here, so you can read them offline.</Trans>
      </p>
      <dl className="kv" data-testid="device-data" aria-busy={figures ? undefined : true}>
        <div>
          <dt>
            <Trans>Saved lists and records</Trans>
          </dt>
          <dd data-testid="device-entries">{figures ? i18n.number(figures.entries) : '—'}</dd>
        </div>
        <div>
          <dt>
            <Trans>Saved rows</Trans>
          </dt>
          <dd data-testid="device-rows">{figures ? i18n.number(figures.rows) : '—'}</dd>
        </div>
        <div>
          <dt>
            <Trans>Storage used by this app</Trans>
          </dt>
          <dd data-testid="device-storage">
            <Trans>
              {used} of {quota}
            </Trans>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Persistent storage</Trans>
          </dt>
          <dd data-testid="device-persisted" data-persisted={String(persisted ?? 'unknown')}>
            {persisted === true ? (
              <Trans>Yes: the browser keeps it</Trans>
            ) : persisted === false ? (
              <Trans>No: the browser may remove it when space runs low</Trans>
            ) : (
              <Trans>Unknown</Trans>
            )}
          </dd>
        </div>
      </dl>
      <button
        type="button"
        className="button button-ghost button-block"
        disabled={clearing}
        onClick={() => void clear()}
      >
        <Trans>Clear data on this device</Trans>
      </button>
    </section>
  );
}
