import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetsSettled } from '../../api/services/accounts/request-password-reset.ts';
import { registerUser, resetTokenFor, startTestServer, type TTestServer } from '../helpers/server.ts';

let srv: TTestServer;
beforeAll(async () => {
  srv = await startTestServer({ rateLimitScale: 100 });
});
afterAll(async () => {
  await srv?.close();
});

const tokenFor = (email: string) => resetTokenFor(srv, email);

describe('forgot and reset password', () => {
  it('answers the same for an unknown email and sends nothing', async () => {
    const before = srv.mailer.sent.length;
    const known = await registerUser(srv);
    const a = await srv.client().post('/api/forgot-password', { email: 'ghost@example.com' });
    const b = await srv.client().post('/api/forgot-password', { email: known.input.email });
    expect(a.status).toBe(200);
    expect(a.body).toEqual(b.body);
    await passwordResetsSettled();
    expect(srv.mailer.sent.length).toBe(before + 1);
    expect(srv.mailer.sent.at(-1)?.to).toBe(known.input.email);
  });

  it('answers in the same time for a known and an unknown address (no account enumeration by timing)', async () => {
    const known = await registerUser(srv);
    const timed = async (email: string) => {
      const t = performance.now();
      const res = await srv.client().post('/api/forgot-password', { email });
      expect(res.status).toBe(200);
      return performance.now() - t;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
    // A mail server as slow as a real one across the internet: work for a known address that the
    // answer waited on would show as this much more, far beyond the machine's noise.
    const send = srv.mailer.send;
    srv.mailer.send = async (mail) => {
      await new Promise((r) => setTimeout(r, 150));
      await send(mail);
    };
    await timed('nobody@example.com');
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    // Interleaved, so a busy moment of the machine weighs on both alike; the unknown address is the
    // control, asked as often as the known one (the per-address limit counts both alike).
    // Each pair in turn starts with the other, so neither always follows the other's work.
    for (let i = 0; i < 25; i++) {
      for (const first of i % 2 ? ['unknown', 'known'] : ['known', 'unknown']) {
        if (first === 'known') knownMs.push(await timed(known.input.email));
        else unknownMs.push(await timed('nobody@example.com'));
        await passwordResetsSettled();
      }
    }
    srv.mailer.send = send;
    // An answer that waited on the look-up, the token and the email would be 150 ms slower or more; the
    // bound leaves the loaded machine's noise (a few ms either way) well inside it.
    expect(median(knownMs)).toBeLessThan(median(unknownMs) * 2 + 20);
  });

  it('the emailed link resets the password once, ends every session, and the new password signs in', async () => {
    const { client, input } = await registerUser(srv);
    await srv.client().post('/api/forgot-password', { email: input.email });
    const token = await tokenFor(input.email);
    const mismatch = await srv.client().post('/api/reset-password', { token, password: '123' });
    expect(mismatch.status).toBe(400);
    const res = await srv.client().post('/api/reset-password', { token, password: 'after-reset' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBeTruthy();
    expect((await client.get('/api/auth/user')).status).toBe(401);
    const again = await srv.client().post('/api/reset-password', { token, password: 'third-time' });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: 'invalid_token', message: 'This reset link is invalid or expired' });
    expect((await srv.client().post('/api/login', { email: input.email, password: input.password })).status).toBe(401);
    expect((await srv.client().post('/api/login', { email: input.email, password: 'after-reset' })).status).toBe(200);
  });

  it('a link older than one hour is refused', async () => {
    const { input } = await registerUser(srv);
    await srv.client().post('/api/forgot-password', { email: input.email });
    const token = await tokenFor(input.email);
    srv.advance(61 * 60 * 1000);
    try {
      const res = await srv.client().post('/api/reset-password', { token, password: 'too-late-1' });
      expect(res.status).toBe(400);
      expect(res.body.error?.code).toBe('invalid_token');
    } finally {
      srv.advance(-61 * 60 * 1000);
    }
  });

  it('an invented token is refused', async () => {
    const res = await srv.client().post('/api/reset-password', { token: 'made-up', password: 'whatever1' });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('invalid_token');
  });
});
