// Shows a photo the holder already has on file (editing a rejected holder): fetched from the
// server for its owner through the API client (never cached by the browser), held as an
// object URL in memory only and released when left.
import { useEffect, useState } from 'react';
import { uploadEndpoints } from '../../../../contract/api/card/uploads.ts';
import { useApi } from '../../../state/apiContext.tsx';

export function usePhotoOnFile(file: string | null): string | null {
  const api = useApi();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    api
      .image(uploadEndpoints.photo, { id: file }, { signal: controller.signal })
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        if (controller.signal.aborted) URL.revokeObjectURL(objectUrl);
        else setUrl(objectUrl);
      })
      // A photo that cannot be shown leaves its slot empty: the user can take a new one.
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [api, file]);
  return url;
}
