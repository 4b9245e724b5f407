import { useLingui } from '@lingui/react/macro';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { activateLocale } from '../../i18n/activate.ts';
import { LOCALES, type Locale } from '../../i18n/locales.ts';
import { localeAtom } from '../../state/preferences.ts';
import { Dialog } from '../../ui/Dialog.tsx';

export function LanguageSwitch() {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const saveLocale = useSetAtom(localeAtom);

  async function choose(locale: Locale) {
    await activateLocale(locale);
    saveLocale(locale);
    setOpen(false);
  }

  return (
    <>
      <button
        type="button"
        className="icon-button"
        aria-label={t`Language`}
        onClick={() => setOpen(true)}
      >
        <span aria-hidden="true">文A</span>
      </button>
      <Dialog open={open} title={t`Language`} variant="sheet" onDismiss={() => setOpen(false)}>
        <ul className="choice-list" role="listbox" aria-label={t`Language`}>
          {LOCALES.map((l) => (
            <li key={l.locale}>
              <button
                type="button"
                role="option"
                lang={l.locale}
                aria-selected={i18n.locale === l.locale}
                className="choice"
                onClick={() => void choose(l.locale)}
              >
                {l.label}
              </button>
            </li>
          ))}
        </ul>
      </Dialog>
    </>
  );
}
