import { describe, expect, it } from 'vitest';
import { KNOWN_PLAYERS } from './known-players.ts';
import { PLAYER_CAREERS } from './player-careers.ts';

describe("known players' seasons", () => {
  it('gives seasons only to known players, each a first season before or at the last', () => {
    expect(PLAYER_CAREERS.get('WHITEY FORD')).toEqual({ first: 1950, last: 1967 });
    expect(PLAYER_CAREERS.get('MIKE TROUT')?.last).toBe(9999);
    for (const [name, { first, last }] of PLAYER_CAREERS) {
      expect(KNOWN_PLAYERS, name).toContain(name);
      expect(first, name).toBeGreaterThanOrEqual(1880);
      expect(first, name).toBeLessThanOrEqual(last);
    }
  });
});
