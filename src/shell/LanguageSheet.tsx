// The language list, loaded the first time the language button is about to be used.
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { activateLocale } from '../i18n/activate.ts';
import { LOCALES, type Locale } from '../../contract/i18n/locales.ts';
import { localeAtom } from '../state/preferences.ts';
import { Dialog } from '../ui/Dialog.tsx';
import './menu.css';

export function LanguageSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const saveLocale = useSetAtom(localeAtom);
  const queryClient = useQueryClient();

  async function choose(locale: Locale) {
    // Kept first: the page shows the new language before the rest of its words arrive, and a
    // reload (or the phone closing the app) in that moment must not lose the choice.
    saveLocale(locale);
    await activateLocale(locale, { complete: true });
    // Answers hold words the server wrote in the old LANG: every screen, kept ones too, asks
    // again (lists are keyed by language, state/records/recordList.ts; the rest refetch here).
    void queryClient.invalidateQueries();
    onClose();
  }

  return (
    <Dialog open={open} title={t`Language`} variant="sheet" onDismiss={onClose}>
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
  );
}
