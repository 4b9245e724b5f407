// Shows a photo the holder already has on file (editing a rejected holder): fetched from the
// server for its owner, held as an object URL in memory only and released when left.
import { useEffect, useState } from 'react';
import { visaPaths } from '../../../api/visa.ts';
import { runtimeConfig } from '../../../app/runtimeConfig.ts';
import { tokenAtom } from '../../../state/session.ts';
import { store } from '../../../state/store.ts';

export function usePhotoOnFile(file: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const token = store.get(tokenAtom);
    void fetch(`${runtimeConfig().api_base.replace(/\/$/, '')}${visaPaths.photo}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ id: file }),
      // Identity photos never go into the HTTP cache either.
      cache: 'no-store',
      signal: controller.signal,
    })
      .then(async (response) => {
        const type = response.headers.get('content-type') ?? '';
        if (!response.ok || !type.startsWith('image/')) return;
        objectUrl = URL.createObjectURL(await response.blob());
        if (controller.signal.aborted) URL.revokeObjectURL(objectUrl);
        else setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [file]);
  return url;
}
