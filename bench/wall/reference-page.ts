/**
 * The reference of docs/choices.md 34: a plain static HTML page showing the same thumbnails in a grid of the
 * same shape as the wall's fitted layout (no script, lazy images of a fixed ratio).
 */
export function referencePage(thumbUrls: readonly string[]): string {
  const items = thumbUrls.map((src) => `<li><img src="${src}" width="400" height="560" loading="lazy" decoding="async" alt=""></li>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Reference wall</title>
<style>
body { margin: 0; padding: 2rem; background: #0b0b0d; font-family: sans-serif; }
ol { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 1.4rem; }
li { padding: 6px 6px 10px; }
img { display: block; width: 100%; height: auto; aspect-ratio: 5 / 7; object-fit: contain; background: #17150f; border: 1px solid #2e2819; }
</style></head>
<body><h1 style="color:#eee">Reference wall</h1><ol>
${items}
</ol></body></html>`;
}
