import { describe, expect, it } from 'vitest';
import { canShare, sharedColumns, sharedSlotCount } from './share.ts';

describe('share rules', () => {
  it('lets accounts with PRO features share, and no one else', () => {
    expect(canShare({ hasProFeatures: true })).toBe(true);
    expect(canShare({ hasProFeatures: false })).toBe(false);
  });

  it("shows the slots and columns of the owner's layout", () => {
    expect(sharedSlotCount('4x5', 30)).toBe(20);
    expect(sharedSlotCount('6x4', 30)).toBe(24);
    expect(sharedSlotCount('2x5', 30)).toBe(10);
    expect(sharedSlotCount('custom', 120)).toBe(120);
    expect(sharedSlotCount('custom', 5000)).toBe(1000);
    expect(sharedColumns('4x5')).toBe(5);
    expect(sharedColumns('custom')).toBeNull();
  });
});
