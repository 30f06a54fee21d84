import { useSyncExternalStore } from 'react';
import { currentTheme, onThemeChange, themeToggleLabel, toggleTheme, type TTheme } from '../../lib/theme.ts';

// Server HTML always says dark; the real theme is read once the island has hydrated.
const serverTheme = (): TTheme => 'dark';

/** The dark/light switch inside React islands (same look as ThemeToggle.astro; both follow lib/theme.ts). */
export default function ThemeToggleButton() {
  const theme = useSyncExternalStore(onThemeChange, currentTheme, serverTheme);
  return (
    <button type="button" className="theme-toggle" onClick={toggleTheme} aria-label={themeToggleLabel(theme)} title="Switch theme">
      <svg
        className="icon-sun"
        viewBox="0 0 24 24"
        width="18"
        height="18"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </svg>
      <svg
        className="icon-moon"
        viewBox="0 0 24 24"
        width="18"
        height="18"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
      </svg>
    </button>
  );
}
