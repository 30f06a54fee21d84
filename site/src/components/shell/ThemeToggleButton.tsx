import { useSyncExternalStore } from 'react';
import { MoonIcon, SunIcon } from '../ui/icons.tsx';
import { adoptStoredTheme, currentTheme, onThemeChange, themeToggleLabel, toggleTheme, type TTheme } from '../../lib/theme.ts';

// A theme an older release kept in localStorage moves into the cookie (once per browser).
if (typeof document !== 'undefined') adoptStoredTheme();
// The built HTML says dark; the real theme (the server wrote it into the page) is read once the island has hydrated.
const serverTheme = (): TTheme => 'dark';

/** The dark/light switch inside React islands (same look as ThemeToggle.astro; both follow lib/theme.ts). */
export default function ThemeToggleButton() {
  const theme = useSyncExternalStore(onThemeChange, currentTheme, serverTheme);
  return (
    <button type="button" className="theme-toggle" onClick={toggleTheme} aria-label={themeToggleLabel(theme)} title="Switch theme">
      <SunIcon />
      <MoonIcon />
    </button>
  );
}
