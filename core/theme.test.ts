import { describe, expect, it } from 'vitest';
import { themeOf, withTheme } from './theme.ts';

describe('theme', () => {
  it('reads only "light" as light; anything else, or no cookie, is dark', () => {
    expect(themeOf('light')).toBe('light');
    for (const value of ['dark', '', 'LIGHT', '<script>', null, undefined]) expect(themeOf(value)).toBe('dark');
  });

  it("changes only the <html> element's data-theme", () => {
    const page = '<!DOCTYPE html><html lang="en" data-theme="dark"><head></head><body><p data-theme="dark">x</p></body></html>';
    expect(withTheme(page, 'light')).toBe('<!DOCTYPE html><html lang="en" data-theme="light"><head></head><body><p data-theme="dark">x</p></body></html>');
    expect(withTheme(page, 'dark')).toBe(page);
    expect(withTheme('<html lang="en"><body data-theme="dark"></body></html>', 'light')).toBe('<html lang="en"><body data-theme="dark"></body></html>');
  });

  it('labels the theme switches for the theme it writes, and no other button', () => {
    const page =
      '<html data-theme="dark"><body><button type="button" class="theme-toggle" data-theme-toggle aria-label="Switch to light theme">'
      + '</button><button aria-label="Switch to light theme">other</button></body></html>';
    expect(withTheme(page, 'light')).toBe(
      '<html data-theme="light"><body><button type="button" class="theme-toggle" data-theme-toggle aria-label="Switch to dark theme">'
        + '</button><button aria-label="Switch to light theme">other</button></body></html>',
    );
  });
});
