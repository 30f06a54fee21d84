/**
 * Reads Stripe's form encoding (`items[0][price]=price_1&expand[0]=latest_invoice`) into nested
 * objects and arrays, as the Stripe SDK sends bodies and query strings.
 */
export type TFormValue = string | TFormValue[] | { [key: string]: TFormValue };

export function parseStripeForm(encoded: string): Record<string, TFormValue> {
  const root: Record<string, TFormValue> = {};
  for (const [rawKey, value] of new URLSearchParams(encoded)) {
    const path = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, TFormValue> | TFormValue[] = root;
    path.forEach((key, i) => {
      const last = i === path.length - 1;
      const container = node as Record<string, TFormValue>;
      if (last) {
        container[key] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[i + 1]!);
      container[key] ??= nextIsIndex ? [] : {};
      node = container[key] as Record<string, TFormValue>;
    });
  }
  return root;
}

/** A string field of a parsed form, or undefined. */
export const str = (v: TFormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);

/** A list field of a parsed form (arrays arrive as objects keyed 0, 1, …). */
export function list(v: TFormValue | undefined): TFormValue[] {
  if (Array.isArray(v)) return v;
  if (v && typeof v === 'object') return Object.values(v);
  return typeof v === 'string' ? [v] : [];
}
