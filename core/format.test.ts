import { describe, expect, it } from 'vitest';
import { formatCents, formatCount, formatShortDate } from './format.ts';

// Intl's own 'en-US' output is the oracle: core/format.ts must write exactly what it writes.
const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const withCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Integers of every length up to 15 digits, with their edges (0, 9..9, 10..0), seeded. */
function integers(): number[] {
  let seed = 14;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const out = [0, 1, 5, 99, 100, 101, 999, 1000, 1001, 99_999, 100_000, 123_456_789, Number.MAX_SAFE_INTEGER];
  for (let digits = 1; digits <= 15; digits++) {
    out.push(10 ** (digits - 1), 10 ** digits - 1);
    for (let i = 0; i < 40; i++) out.push(Math.floor(random() * 10 ** digits));
  }
  return out;
}

describe('en-US text without Intl (core/format.ts), held to Intl', () => {
  it('writes counts as Intl does, with their sign', () => {
    for (const n of integers()) {
      expect(formatCount(n)).toBe(count.format(n));
      if (n > 0) expect(formatCount(-n)).toBe(count.format(-n));
    }
  });

  it('writes cents as dollars as Intl does: whole dollars bare, else two decimals, a minus before the $', () => {
    for (const cents of integers().filter((n) => n <= 10 ** 15)) {
      for (const c of cents > 0 ? [cents, -cents] : [cents]) {
        expect(formatCents(c)).toBe(c % 100 === 0 ? whole.format(c / 100) : withCents.format(c / 100));
      }
    }
    expect(formatCents(125050)).toBe('$1,250.50');
    expect(formatCents(-310)).toBe('-$3.10');
  });

  it("writes days as Intl does, in the reader's time zone, from a Date, an ISO text or a time", () => {
    const start = Date.UTC(1970, 0, 1);
    const end = Date.UTC(2100, 0, 1);
    const zone = process.env.TZ;
    try {
      for (const tz of ['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Kiritimati']) {
        process.env.TZ = tz;
        const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
        for (let i = 0; i <= 2000; i++) {
          const t = start + Math.floor(((end - start) * i) / 2000) + i * 3_600_000;
          const d = new Date(t);
          expect(formatShortDate(d), tz).toBe(day.format(d));
          expect(formatShortDate(d.toISOString()), tz).toBe(day.format(d));
          expect(formatShortDate(t), tz).toBe(day.format(d));
        }
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    expect(formatShortDate('not a date')).toBe(new Date('not a date').toLocaleDateString('en-US'));
  });
});
