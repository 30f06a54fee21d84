import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPsaVerifier, withPsaVerification, type CardAnalyzer } from '../../api/services/analysis/index.ts';
import { analysisFromLabel } from '../../core/analysis/build-analysis.ts';
import { parseLabel } from '../../core/analysis/parse-label.ts';
import { refuseInternet, startHttpPeer } from './fixtures/http-peer.ts';
import { psaRecord, startPsaEmulator, type TPsaEmulator } from '../helpers/psa-emulator.ts';

const TOKEN = 'psa-test-token';
let psa: TPsaEmulator;
let restoreFetch: () => void;

beforeAll(async () => {
  restoreFetch = refuseInternet();
  psa = await startPsaEmulator({ '12345678': psaRecord('12345678') }, Buffer.alloc(0), TOKEN);
});
afterAll(async () => {
  await psa.close();
  restoreFetch();
});
beforeEach(() => {
  psa.requests.length = 0;
});

describe('PSA cert verification against a local emulator', () => {
  it('confirms a known cert with a bearer token, then answers from its cache', async () => {
    const v = createPsaVerifier({ token: TOKEN, baseUrl: psa.baseUrl });
    const first = await v.lookup('12345678');
    expect(first).toMatchObject({ status: 'verified', cert: { certNumber: '12345678', subject: 'SHOHEI OHTANI', cardGrade: 'GEM MT 10' } });
    expect(psa.requests[0]?.headers.authorization).toBe(`bearer ${TOKEN}`);
    expect(await v.lookup('12345678')).toEqual(first);
    expect(psa.requests).toHaveLength(1);
  });

  it('reports an unknown cert as not found, and remembers that too', async () => {
    const v = createPsaVerifier({ token: TOKEN, baseUrl: psa.baseUrl });
    expect(await v.lookup('87654321')).toEqual({ status: 'not_found' });
    expect(await v.lookup('87654321')).toEqual({ status: 'not_found' });
    expect(psa.requests).toHaveLength(1);
  });

  it('asks again once the cached answer has expired', async () => {
    let now = 0;
    const v = createPsaVerifier({ token: TOKEN, baseUrl: psa.baseUrl, ttlMs: 1_000, now: () => now });
    await v.lookup('12345678');
    now = 2_000;
    await v.lookup('12345678');
    expect(psa.requests).toHaveLength(2);
  });

  it('shares one call between concurrent lookups of a cert', async () => {
    const v = createPsaVerifier({ token: TOKEN, baseUrl: psa.baseUrl });
    await Promise.all([v.lookup('12345678'), v.lookup('12345678'), v.lookup('12345678')]);
    expect(psa.requests).toHaveLength(1);
  });

  it('never calls PSA for something that is not a cert number', async () => {
    const v = createPsaVerifier({ token: TOKEN, baseUrl: psa.baseUrl });
    expect(await v.lookup('12/../../admin')).toEqual({ status: 'not_found' });
    expect(psa.requests).toHaveLength(0);
  });

  it('a wrong token, an error, a timeout or no server is "unavailable", and is not cached', async () => {
    expect(await createPsaVerifier({ token: 'wrong', baseUrl: psa.baseUrl }).lookup('12345678')).toEqual({ status: 'unavailable' });
    const flaky = await startHttpPeer(() => ({ status: 500, text: 'boom' }));
    const v = createPsaVerifier({ token: TOKEN, baseUrl: flaky.baseUrl });
    expect(await v.lookup('12345678')).toEqual({ status: 'unavailable' });
    expect(await v.lookup('12345678')).toEqual({ status: 'unavailable' });
    expect(flaky.requests).toHaveLength(2);
    flaky.reply(() => ({ status: 200, json: { PSACert: psaRecord('12345678') }, delayMs: 1_000 }));
    expect(await createPsaVerifier({ token: TOKEN, baseUrl: flaky.baseUrl, timeoutMs: 100 }).lookup('12345678')).toEqual({ status: 'unavailable' });
    await flaky.close();
    expect(await createPsaVerifier({ token: TOKEN, baseUrl: flaky.baseUrl }).lookup('12345678')).toEqual({ status: 'unavailable' });
  });
});

describe('withPsaVerification', () => {
  const fixed = (text: string): CardAnalyzer => ({
    analyze: async () => analysisFromLabel(parseLabel(text)),
    close: async () => {},
  });

  it('marks a confirmed PSA read as verified and takes PSA’s record', async () => {
    const a = await withPsaVerification(
      fixed('2018 TOPPS CHR0ME #193\nSHOHEI OHTAN GEM MT\n10\n12345678'),
      createPsaVerifier({ token: TOKEN, baseUrl: psa.baseUrl }),
    ).analyze(Buffer.alloc(1), 'image/jpeg');
    expect(a).toMatchObject({ psaVerified: true, player: 'Shohei Ohtani', variety: 'Refractor', condition: 'PSA 10 GEM MT', sport: 'Baseball' });
    expect(a.confidence).toBeGreaterThanOrEqual(0.95);
  });

  it('does not verify a cert whose record names another card', async () => {
    const a = await withPsaVerification(
      fixed('PSA\n1986 FLEER #57\nMICHAEL JORDAN\nMINT 9\n12345678'),
      createPsaVerifier({ token: TOKEN, baseUrl: psa.baseUrl }),
    ).analyze(Buffer.alloc(1), 'image/jpeg');
    expect(a).toMatchObject({ psaVerified: false, player: 'Michael Jordan' });
  });

  it('leaves non-PSA reads alone without calling PSA', async () => {
    const a = await withPsaVerification(
      fixed('BGS\n2018 TOPPS CHROME #193\nSHOHEI OHTANI\n9.5 GEM MINT\n0012345678'),
      createPsaVerifier({ token: TOKEN, baseUrl: psa.baseUrl }),
    ).analyze(Buffer.alloc(1), 'image/jpeg');
    expect(a.psaVerified).toBe(false);
    expect(psa.requests).toHaveLength(0);
  });
});
