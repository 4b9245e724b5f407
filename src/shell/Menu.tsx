import { useLingui } from '@lingui/react/macro';
import MenuIcon from 'lucide-react/icons/menu';
import { lazy, Suspense, useState } from 'react';
import { useOnceTrue } from '../ui/useOnceTrue.ts';

// The sheet (account, entries, theme) is not part of the first screen: its code loads when a
// pointer or focus reaches the button, in time for the tap.
const loadSheet = () => import('./MenuSheet.tsx');
const MenuSheet = lazy(() => loadSheet().then(({ MenuSheet }) => ({ default: MenuSheet })));

/** The menu button of every page's header, and the side menu it opens. */
export function Menu() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const mounted = useOnceTrue(open);
  return (
    <>
      <button
        type="button"
        className="icon-button menu-button"
        aria-label={t`Menu`}
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadSheet()}
        onFocus={() => void loadSheet()}
      >
        <MenuIcon aria-hidden="true" size={24} />
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <MenuSheet open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
