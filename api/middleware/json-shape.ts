import { badRequest } from '../errors.ts';

/** A body refused by its shape: a 400 naming the body, like any other validation failure. */
const refuse = (problem: string) => badRequest('validation_error', `body: ${problem}`, { fields: [{ field: 'body', message: problem }] });

/** Bounds on a JSON body, checked on its text before JSON.parse. */
export interface TJsonShape {
  /** Deepest nesting of objects and arrays (the body itself is depth 1). */
  maxDepth: number;
  /** Most values (array elements and object members, counted by their separators and brackets). */
  maxValues: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/**
 * Refuses (400 `validation_error`, field `body`) a JSON text that is not an object, nests deeper than `maxDepth`, or
 * holds more than `maxValues` values. One pass, jumping over strings with indexOf, so a 14 MB body
 * of base64 is scanned in milliseconds. Malformed JSON is left for JSON.parse to report.
 */
export function checkJsonShape(text: string, shape: TJsonShape): void {
  let i = 0;
  while (i < text.length && WHITESPACE.has(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) !== 0x7b) throw refuse('must be a JSON object');
  let depth = 0;
  let values = 0;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = closingQuote(text, i);
      if (i < 0) return;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > shape.maxDepth) throw refuse(`must not nest deeper than ${shape.maxDepth} levels`);
      if (++values > shape.maxValues) throw refuse(`must hold at most ${shape.maxValues} values`);
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    } else if (c === 0x2c) {
      if (++values > shape.maxValues) throw refuse(`must hold at most ${shape.maxValues} values`);
    }
  }
}

/** Index of the quote closing the string opened at `open`, or -1 when it never closes. */
function closingQuote(text: string, open: number): number {
  let from = open + 1;
  for (;;) {
    const q = text.indexOf('"', from);
    if (q < 0) return -1;
    let backslashes = 0;
    for (let k = q - 1; k > open && text.charCodeAt(k) === BACKSLASH; k--) backslashes++;
    if (backslashes % 2 === 0) return q;
    from = q + 1;
  }
}

/**
 * The path (`a.b.0`) of the first string or key holding a NUL character in a parsed value, or null
 * when there is none. '' is the value itself.
 */
export function firstNulPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\0') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = firstNulPath(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (key.includes('\0')) return at;
      const found = firstNulPath(item, at);
      if (found !== null) return found;
    }
  }
  return null;
}
