import { useLingui } from '@lingui/react/macro';
import Languages from 'lucide-react/icons/languages';
import { lazy, Suspense, useState } from 'react';
import { currentLocale } from '../i18n/current.ts';
import { langOf } from '../../contract/i18n/locales.ts';
import { useOnceTrue } from '../ui/useOnceTrue.ts';

// The list is not part of the first screen: it loads when a pointer or focus reaches the
// button, in time for the tap.
const loadSheet = () => import('./LanguageSheet.tsx');
const LanguageSheet = lazy(() =>
  loadSheet().then(({ LanguageSheet }) => ({ default: LanguageSheet })),
);

export function LanguageSwitch() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const mounted = useOnceTrue(open);

  // The visible code (EN, JP…) is part of the button's name, as speech input expects.
  const code = langOf(currentLocale());
  return (
    <>
      <button
        type="button"
        className="icon-button language-button"
        aria-label={t`Language: ${code}`}
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadSheet()}
        onFocus={() => void loadSheet()}
      >
        <Languages aria-hidden="true" size={20} />
        <span>{code}</span>
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <LanguageSheet open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
