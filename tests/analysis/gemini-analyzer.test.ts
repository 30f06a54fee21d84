import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ANALYSIS_MESSAGES,
  AnalysisBusyError,
  AnalysisFailedError,
  createAnalyzer,
  createGeminiAnalyzer,
  type CardAnalyzer,
} from '../../api/services/analysis/index.ts';
import { ZCardAnalysis } from '../../core/analysis/types.ts';
import { READ_MS } from '../helpers/bounds.ts';
import { OHTANI_ANSWER, geminiAnswer, geminiError } from './fixtures/gemini-emulator.ts';
import { refuseInternet, startHttpPeer, type THttpPeer } from './fixtures/http-peer.ts';
import { OHTANI_LABEL, renderLabel } from './fixtures/make-label.ts';

const PHOTO = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5]);

let peer: THttpPeer;
let analyzer: CardAnalyzer;
let restoreFetch: () => void;

beforeAll(async () => {
  restoreFetch = refuseInternet();
  peer = await startHttpPeer();
  analyzer = createGeminiAnalyzer({ apiKey: 'test-key', model: 'gemini-test', baseUrl: peer.baseUrl, timeoutMs: 2_000 });
});
afterAll(async () => {
  await analyzer.close();
  await peer.close();
  restoreFetch();
});
beforeEach(() => {
  peer.requests.length = 0;
});

describe('Gemini analyzer against a local emulator', () => {
  it('sends the photo with a JSON schema and maps a valid answer', async () => {
    peer.reply(() => geminiAnswer(JSON.stringify(OHTANI_ANSWER)));
    const a = await analyzer.analyze(PHOTO, 'image/jpeg');

    expect(ZCardAnalysis.parse(a)).toEqual(a);
    expect(a).toMatchObject({
      player: 'Shohei Ohtani',
      year: '2018',
      brand: 'Topps Chrome',
      cardName: 'Refractor #193',
      condition: 'PSA 10 GEM MT',
      gradeDetails: { name: 'GEM MT', description: expect.stringContaining('Gem Mint') },
      psaCertNumber: '12345678',
      certificationUrl: 'https://www.psacard.com/cert/12345678',
      psaVerified: false,
      confidence: 0.93,
    });

    const [req] = peer.requests;
    expect(req?.method).toBe('POST');
    expect(req?.path).toMatch(/\/models\/gemini-test:generateContent$/);
    expect(req?.headers['x-goog-api-key']).toBe('test-key');
    const body = JSON.parse(req?.body ?? '{}');
    expect(body.contents[0].parts[0].inlineData).toEqual({ mimeType: 'image/jpeg', data: PHOTO.toString('base64') });
    expect(body.generationConfig.responseMimeType).toBe('application/json');
    expect(body.generationConfig.responseJsonSchema.required).toContain('certNumber');
  });

  it('words the grade itself and keeps non-PSA certs out of psaCertNumber', async () => {
    peer.reply(() =>
      geminiAnswer(
        JSON.stringify({
          ...OHTANI_ANSWER,
          grader: 'Beckett',
          grade: 'BGS 9.5',
          gradeName: null,
          certNumber: '0012345678',
          year: '2018/2019',
          qualifier: 'none',
        }),
      ),
    );
    expect(await analyzer.analyze(PHOTO, 'image/jpeg')).toMatchObject({
      grader: 'BGS',
      year: '2018-19',
      condition: 'BGS 9.5 GEM MINT',
      gradeDetails: { name: 'GEM MINT' },
      certNumber: '0012345678',
      psaCertNumber: null,
      certificationUrl: null,
    });
  });

  it('caps the confidence of a photo that is not a card', async () => {
    peer.reply(() => geminiAnswer(JSON.stringify({ ...OHTANI_ANSWER, isTradingCard: false, player: null, year: null, brand: null, confidence: 0.9 })));
    expect((await analyzer.analyze(PHOTO, 'image/png')).confidence).toBeLessThanOrEqual(0.1);
  });

  it.each([
    ['503 UNAVAILABLE', geminiError(503, 'UNAVAILABLE', 'The model is overloaded. Please try again later.')],
    ['429 RESOURCE_EXHAUSTED', geminiError(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded for metric generate_content_free_tier_requests')],
    ['500 INTERNAL', geminiError(500, 'INTERNAL', 'An internal error has occurred.')],
  ])('%s becomes AnalysisBusyError (503) without the provider text', async (_name, reply) => {
    peer.reply(() => reply);
    const err = await analyzer.analyze(PHOTO, 'image/jpeg').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AnalysisBusyError);
    expect(err).toMatchObject({ status: 503, code: 'analysis_busy', message: ANALYSIS_MESSAGES.busy });
    expect(peer.requests).toHaveLength(1); // no retries: the client is told at once
  });

  it('a refused request (bad key) fails with 502, not busy', async () => {
    peer.reply(() => geminiError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.'));
    const err = await analyzer.analyze(PHOTO, 'image/jpeg').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AnalysisFailedError);
    expect(err).toMatchObject({ status: 502, code: 'analysis_failed', message: ANALYSIS_MESSAGES.failed });
  });

  it.each([
    ['prose instead of JSON', 'Sure! This card is a 2018 Topps Chrome Shohei Ohtani.'],
    ['JSON of the wrong shape', JSON.stringify({ player: 'Shohei Ohtani' })],
    ['a confidence out of range', JSON.stringify({ ...OHTANI_ANSWER, confidence: 7 })],
    ['a wrong type', JSON.stringify({ ...OHTANI_ANSWER, year: 2018 })],
  ])('an answer with %s fails with AnalysisFailedError', async (_name, text) => {
    peer.reply(() => geminiAnswer(text));
    const err = await analyzer.analyze(PHOTO, 'image/jpeg').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AnalysisFailedError);
    expect((err as Error).message).toBe(ANALYSIS_MESSAGES.failed);
  });

  it('an answer with no text (blocked) fails', async () => {
    peer.reply(() => ({ status: 200, json: { candidates: [{ finishReason: 'SAFETY', index: 0 }] } }));
    await expect(analyzer.analyze(PHOTO, 'image/jpeg')).rejects.toBeInstanceOf(AnalysisFailedError);
  });

  it('a provider slower than the timeout is busy', async () => {
    peer.reply(() => ({ ...geminiAnswer(JSON.stringify(OHTANI_ANSWER)), delayMs: 1_500 }));
    const quick = createGeminiAnalyzer({ apiKey: 'test-key', model: 'gemini-test', baseUrl: peer.baseUrl, timeoutMs: 300 });
    await expect(quick.analyze(PHOTO, 'image/jpeg')).rejects.toBeInstanceOf(AnalysisBusyError);
  });

  it('an unreachable provider is busy', async () => {
    const gone = await startHttpPeer();
    await gone.close();
    const lost = createGeminiAnalyzer({ apiKey: 'test-key', baseUrl: gone.baseUrl, timeoutMs: 1_000 });
    await expect(lost.analyze(PHOTO, 'image/jpeg')).rejects.toBeInstanceOf(AnalysisBusyError);
  });

  it('createAnalyzer picks Gemini when a key is configured', async () => {
    peer.reply(() => geminiAnswer(JSON.stringify(OHTANI_ANSWER)));
    const picked = createAnalyzer({ geminiApiKey: 'factory-key', geminiModel: 'gemini-test', geminiBaseUrl: peer.baseUrl });
    expect((await picked.analyze(PHOTO, 'image/jpeg')).player).toBe('Shohei Ohtani');
    expect(peer.requests.at(-1)?.headers['x-goog-api-key']).toBe('factory-key');
    await picked.close();
  });
});

describe("Gemini with the cert from the label's barcode", () => {
  it("takes the cert from a PSA label's barcode over the model's digits, and leaves another grader's answer alone", async () => {
    const withBarcodes = createAnalyzer({ geminiApiKey: 'test-key', geminiModel: 'gemini-test', geminiBaseUrl: peer.baseUrl, timeoutMs: READ_MS });
    // The label's printed cert is smudged, and the model misreads one digit of it.
    const misread = { ...OHTANI_ANSWER, certNumber: '12845678' };
    try {
      peer.reply(() => geminiAnswer(JSON.stringify(misread)));
      // The label without its barcode: the model's digits stand. (First, so the barcode's reader has started.)
      const plain = await withBarcodes.analyze(await renderLabel({ ...OHTANI_LABEL, smudgedCert: true }), 'image/jpeg');
      expect(plain.certNumber).toBe('12845678');
      expect(plain.certFromBarcode).toBeUndefined();

      const a = await withBarcodes.analyze(await renderLabel({ ...OHTANI_LABEL, smudgedCert: true, barcode: true }), 'image/jpeg');
      expect(ZCardAnalysis.parse(a)).toEqual(a);
      expect(a).toMatchObject({
        player: 'Shohei Ohtani',
        condition: 'PSA 10 GEM MT',
        certNumber: '12345678',
        psaCertNumber: '12345678',
        certificationUrl: 'https://www.psacard.com/cert/12345678',
        certFromBarcode: true,
      });

      // The model saw another grader's label: a barcode's PSA cert is not forced on it.
      peer.reply(() => geminiAnswer(JSON.stringify({ ...misread, grader: 'SGC', grade: '10', gradeName: null })));
      const other = await withBarcodes.analyze(await renderLabel({ ...OHTANI_LABEL, smudgedCert: true, barcode: true }), 'image/jpeg');
      expect(other).toMatchObject({ grader: 'SGC', certNumber: '12845678', psaCertNumber: null });
      expect(other.certFromBarcode).toBeUndefined();
    } finally {
      await withBarcodes.close();
    }
  });

  it("does not hold the model's answer for a barcode reader that is late", async () => {
    peer.reply(() => geminiAnswer(JSON.stringify(OHTANI_ANSWER)));
    const stuck = createGeminiAnalyzer({ apiKey: 'test-key', baseUrl: peer.baseUrl, barcode: () => new Promise(() => undefined), barcodeWaitMs: 50 });
    const a = await stuck.analyze(PHOTO, 'image/jpeg');
    expect(a.certNumber).toBe('12345678');
    expect(a.certFromBarcode).toBeUndefined();
  });
});
