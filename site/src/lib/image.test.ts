import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, checkImageFile, fitWithin } from './image.ts';

describe('checkImageFile', () => {
  it('accepts image types up to 10 MB', () => {
    expect(checkImageFile({ type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(checkImageFile({ type: 'image/png', size: MAX_IMAGE_BYTES })).toBeNull();
    expect(checkImageFile({ type: 'image/heic', size: 5 })).toBeNull();
  });

  it('refuses other types, whatever their size', () => {
    expect(checkImageFile({ type: 'application/pdf', size: 10 })).toBe('type');
    expect(checkImageFile({ type: '', size: 10 })).toBe('type');
    expect(checkImageFile({ type: 'text/plain', size: MAX_IMAGE_BYTES + 1 })).toBe('type');
  });

  it('refuses images over 10 MB', () => {
    expect(checkImageFile({ type: 'image/jpeg', size: MAX_IMAGE_BYTES + 1 })).toBe('size');
  });
});

describe('fitWithin', () => {
  it('scales the longest side down to the limit, keeping the aspect ratio', () => {
    expect(fitWithin(3000, 4000, 800)).toEqual({ width: 600, height: 800 });
    expect(fitWithin(4032, 3024, 800)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(1000, 1000, 400)).toEqual({ width: 400, height: 400 });
  });

  it('never enlarges a small image', () => {
    expect(fitWithin(320, 480, 800)).toEqual({ width: 320, height: 480 });
  });

  it('keeps at least one pixel on a very thin image', () => {
    expect(fitWithin(10000, 2, 800)).toEqual({ width: 800, height: 1 });
  });
});
