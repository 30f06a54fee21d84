/**
 * How the wall is hung (settings and title, kept in localStorage) mirrored in a cookie, so the
 * server draws /gallery's first screen in the user's layout (core/first-screen.ts WALL_COOKIE).
 */
import { WALL_COOKIE } from '../../../core/first-screen.ts';
import { $settings, parseSettings, SETTINGS_KEY, type TGallerySettings } from './gallery-layout.ts';
import { $collectionName, COLLECTION_NAME_KEY, DEFAULT_COLLECTION_NAME, MAX_COLLECTION_NAME } from './gallery-settings.ts';

/** The wall's look as the cookie carries it and the server draws it. */
export interface TWallLook {
  settings: TGallerySettings;
  title: string;
}

/** The cookie's look; anything missing or malformed is the default (as the saved settings are read). */
export function parseWallCookie(value: string | undefined): TWallLook {
  let json = '';
  try {
    json = value ? decodeURIComponent(value) : '';
  } catch {
    // A mangled cookie: the defaults.
  }
  let title: unknown;
  try {
    title = json ? (JSON.parse(json) as { title?: unknown }).title : undefined;
  } catch {
    title = undefined;
  }
  const kept = typeof title === 'string' ? title.trim().slice(0, MAX_COLLECTION_NAME) : '';
  return { settings: parseSettings(json || null), title: kept || DEFAULT_COLLECTION_NAME };
}

const YEAR_S = 365 * 24 * 60 * 60;

function writeCookie(): void {
  const value = encodeURIComponent(JSON.stringify({ ...$settings.get(), title: $collectionName.get() }));
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${WALL_COOKIE}=${value}; Path=/; Max-Age=${YEAR_S}; SameSite=Lax${secure}`;
}

const same = (a: TGallerySettings, b: TGallerySettings) =>
  a.layout === b.layout
  && a.customCount === b.customCount
  && a.fullGallery === b.fullGallery
  && a.registryMode === b.registryMode
  && a.valueChart === b.valueChart;

/** What this browser keeps under `key`, or null (nothing kept, or storage blocked). */
function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * Call once the wall has hydrated: takes the settings and title this browser keeps if the page was
 * drawn with others (a cookie older than them; with nothing kept, the page's stand), writes the
 * cookie, and rewrites it at every change. Returns the stop function.
 */
export function mirrorWallToCookie(): () => void {
  const settings = stored(SETTINGS_KEY);
  if (settings !== null && !same(parseSettings(settings), $settings.get())) $settings.set(parseSettings(settings));
  const title = stored(COLLECTION_NAME_KEY);
  if (title) $collectionName.set(title.trim().slice(0, MAX_COLLECTION_NAME) || DEFAULT_COLLECTION_NAME);
  writeCookie();
  const stops = [$settings.listen(writeCookie), $collectionName.listen(writeCookie)];
  return () => stops.forEach((stop) => stop());
}
