import { Trans, useLingui } from '@lingui/react/macro';
import { useAtom } from 'jotai';
import { themeAtom, type Theme } from '../state/preferences.ts';
import { SegmentedChoice } from '../ui/SegmentedChoice.tsx';

const THEMES: readonly Theme[] = ['system', 'light', 'dark'];

export function ThemeSwitch() {
  const { t } = useLingui();
  const [theme, setTheme] = useAtom(themeAtom);
  const labels: Record<Theme, string> = { system: t`System`, light: t`Light`, dark: t`Dark` };
  return (
    <SegmentedChoice
      legend={<Trans>Appearance</Trans>}
      name="theme"
      options={THEMES}
      value={theme}
      onChange={setTheme}
      label={(option) => labels[option]}
    />
  );
}
