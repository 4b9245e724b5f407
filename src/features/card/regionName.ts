// A country or region by its ISO code, named in the app's language by the browser itself.
import { useLingui } from '@lingui/react/macro';

export function useRegionName(): (code: string) => string {
  const { i18n } = useLingui();
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([i18n.locale], { type: 'region' });
  } catch {
    names = null;
  }
  return (code: string) => names?.of(code) ?? code;
}
