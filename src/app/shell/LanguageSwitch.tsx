import { useLingui } from '@lingui/react/macro';
import { useSetAtom } from 'jotai';
import Languages from 'lucide-react/icons/languages';
import { useState } from 'react';
import { activateLocale } from '../../i18n/activate.ts';
import { langOf, LOCALES, type Locale } from '../../i18n/locales.ts';
import { currentLocale } from '../../i18n/current.ts';
import { localeAtom } from '../../state/preferences.ts';
import { Dialog } from '../../ui/Dialog.tsx';

export function LanguageSwitch() {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const saveLocale = useSetAtom(localeAtom);

  async function choose(locale: Locale) {
    await activateLocale(locale, { complete: true });
    saveLocale(locale);
    setOpen(false);
  }

  // The visible code (EN, JP…) is part of the button's name, as speech input expects.
  const code = langOf(currentLocale());
  return (
    <>
      <button
        type="button"
        className="icon-button language-button"
        aria-label={t`Language: ${code}`}
        onClick={() => setOpen(true)}
      >
        <Languages aria-hidden="true" size={20} />
        <span>{code}</span>
      </button>
      <Dialog open={open} title={t`Language`} variant="sheet" onDismiss={() => setOpen(false)}>
        <div className="choice-list" role="listbox" aria-label={t`Language`}>
          {LOCALES.map((l) => (
            <button
              key={l.locale}
              type="button"
              role="option"
              lang={l.locale}
              aria-selected={i18n.locale === l.locale}
              className="choice"
              onClick={() => void choose(l.locale)}
            >
              {l.label}
            </button>
          ))}
        </div>
      </Dialog>
    </>
  );
}
