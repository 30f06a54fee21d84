import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api.ts';
import { attempt } from './attempt.ts';
import { $toast } from './toast.ts';

const refusal = (message: string) => new ApiError(409, 'Conflict', { error: { code: 'conflict', message } });

beforeEach(() => $toast.set(null));

describe('attempt: the shape of a store action that calls the server', () => {
  it("resolves to the call's value, pending on during the call and off after, and shows no toast of its own", async () => {
    const marks: boolean[] = [];
    const value = await attempt({ failure: 'Failed', pending: (on) => marks.push(on) }, async () => {
      expect(marks).toEqual([true]);
      return 7;
    });
    expect(value).toBe(7);
    expect(marks).toEqual([true, false]);
    expect($toast.get()).toBeNull();
  });

  it("on a failure resolves undefined and toasts the server's message under 'Error', or the fallback when the server gave none", async () => {
    const marks: boolean[] = [];
    expect(
      await attempt({ failure: 'Failed to save', pending: (on) => marks.push(on) }, () => Promise.reject(refusal('That slab is on slot 3'))),
    ).toBeUndefined();
    expect(marks).toEqual([true, false]);
    expect($toast.get()).toMatchObject({ title: 'Error', description: 'That slab is on slot 3', variant: 'error' });

    expect(await attempt({ title: 'Import failed', failure: 'Nothing was imported' }, () => Promise.reject(new Error('offline')))).toBeUndefined();
    expect($toast.get()).toMatchObject({ title: 'Import failed', description: 'Nothing was imported', variant: 'error' });
  });

  it('lets recover deal with a failure: true keeps the toast away, anything else still toasts', async () => {
    const seen: unknown[] = [];
    const err = refusal('No');
    await attempt({ failure: 'Failed', recover: (e) => (seen.push(e), true) }, () => Promise.reject(err));
    expect(seen).toEqual([err]);
    expect($toast.get()).toBeNull();

    await attempt({ failure: 'Failed', recover: () => false }, () => Promise.reject(err));
    expect($toast.get()).toMatchObject({ title: 'Error', description: 'No' });
  });
});
