import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { checkJsonShape, firstNulPath } from './json-shape.ts';

const shape = { maxDepth: 3, maxValues: 5 };
const refusal = (text: string) => {
  try {
    checkJsonShape(text, shape);
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return (err as AppError).message;
  }
};

describe('checkJsonShape', () => {
  it('passes objects within the bounds, brackets and commas inside strings included', () => {
    expect(refusal('{"a":[1,2],"b":{"c":"[[[[,,,,]]]]"}}')).toBeNull();
    expect(refusal('  {"q":"say \\"[[[[\\" and \\\\","r":1}')).toBeNull();
  });

  it('refuses a body that is not an object', () => {
    for (const text of ['[1]', '"x"', 'null', '42', '', '   ']) expect(refusal(text)).toBe('body: must be a JSON object');
  });

  it('refuses deep nesting and too many values, in one pass over millions of characters', () => {
    expect(refusal('{"a":{"b":{"c":{}}}}')).toMatch(/nest deeper than 3/);
    expect(refusal('{"a":[1,2,3,4,5,6]}')).toMatch(/at most 5 values/);
    const started = performance.now();
    expect(refusal(`{"a":${'['.repeat(5_000_000)}`)).toMatch(/nest deeper/);
    expect(refusal(`{"a":"${'x'.repeat(5_000_000)}","b":[${'1,'.repeat(100)}1]}`)).toMatch(/at most 5 values/);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('leaves malformed JSON to JSON.parse', () => {
    expect(refusal('{"a":"never closed')).toBeNull();
  });
});

describe('firstNulPath', () => {
  it('names the first string or key holding a NUL', () => {
    expect(firstNulPath({ a: 'ok', b: [{ c: 'x\u0000' }] })).toBe('b.0.c');
    expect(firstNulPath({ 'k\u0000': 1 })).toBe('k\u0000');
    expect(firstNulPath('\u0000')).toBe('');
    expect(firstNulPath({ a: ['fine', 2, null] })).toBeNull();
  });
});
