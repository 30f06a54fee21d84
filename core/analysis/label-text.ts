/** Cleaning of raw OCR text before parsing: one upper-case line per label line, slips mended. */

const TO_DIGIT: Readonly<Record<string, string>> = { O: '0', D: '0', Q: '0', I: '1', L: '1', S: '5', B: '8', Z: '2' };
const TO_LETTER: Readonly<Record<string, string>> = { '0': 'O', '1': 'I', '5': 'S', '8': 'B' };

/** A token of only digit look-alikes and digits, read as a number ('2O18' -> '2018', 'l0' -> '10'). */
export function asDigits(token: string): string | null {
  if (!/\d/.test(token) && !/^[IO]{2}$/.test(token)) return null;
  const mapped = token.replace(/[ODQILSBZ]/g, (c) => TO_DIGIT[c] ?? c);
  return /^[\d.\-/]+$/.test(mapped) ? mapped : null;
}

function fixToken(token: string): string {
  if (token.startsWith('#')) {
    const rest = token.slice(1);
    const digits = asDigits(rest);
    return `#${digits && (rest.match(/\d/g)?.length ?? 0) >= rest.length / 2 ? digits : rest}`;
  }
  if (/^\d+(ST|ND|RD|TH)$/.test(token) || /^\(?[A-Z]+\)?\+?$/.test(token)) return token;
  if (/^[IO]{2}$/.test(token)) return token === 'IO' ? '10' : token;
  const letters = token.match(/[A-Z]/g)?.length ?? 0;
  const digits = token.match(/\d/g)?.length ?? 0;
  if (!letters || !digits) return token;
  if (digits >= letters) return asDigits(token) ?? token;
  return token.replace(/[0158]/g, (c) => TO_LETTER[c] ?? c);
}

/**
 * Raw OCR text to clean label lines: upper case, stray characters dropped, number and letter
 * look-alikes mended by context ('T0PPS' -> 'TOPPS', '2O18' -> '2018'), '# 193' joined to '#193',
 * empty lines removed. Pure.
 */
export function normalizeLabelText(raw: string): string[] {
  return raw
    .toUpperCase()
    .replace(/[‐‑‒–—―−]/g, '-')
    .replace(/[‘’`´]/g, "'")
    .replace(/(?<=[A-Z])\|/g, 'I')
    .split(/\r?\n/)
    .map((line) =>
      line
        .replace(/(?<=\d),(?=\d)/g, '.')
        .replace(/[^A-Z0-9 #.+\-/()&']/g, ' ')
        .replace(/#\s+(?=[A-Z0-9])/g, '#')
        .split(/\s+/)
        .map((t) => t.replace(/^(?:[.\-']|\/(?!\d))+|[\-/']+$/g, ''))
        .filter((t) => /[A-Z0-9#+]/.test(t))
        .map(fixToken)
        .join(' '),
    )
    .filter((line) => line.length > 0);
}

/** Replaces `line[start, end)` with spaces, so later stages no longer see it but offsets hold. */
export function blank(line: string, start: number, end: number): string {
  return line.slice(0, start) + ' '.repeat(end - start) + line.slice(end);
}

/** Every match of the global regex `re` in `line`, with its offsets. */
export function matchesIn(line: string, re: RegExp): RegExpExecArray[] {
  return [...line.matchAll(new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`))];
}
