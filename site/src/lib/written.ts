/**
 * What the server wrote into a page as JSON (`<script type="application/json" id=…>`, /gallery:
 * api/routes/gallery/gallery-page.ts), read once by the stores so their first values are the ones
 * the server drew the page with. Undefined off the browser, without the element, or if it is not JSON.
 */
export function readWritten<T>(id: string): T | undefined {
  const text = typeof document === 'undefined' ? null : document.getElementById(id)?.textContent;
  try {
    return text ? (JSON.parse(text) as T) : undefined;
  } catch {
    return undefined;
  }
}
