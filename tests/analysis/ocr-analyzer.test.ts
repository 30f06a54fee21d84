import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { AnalysisBusyError, AnalysisFailedError, AnalysisInputError, createAnalyzer, createOcrAnalyzer } from '../../api/services/analysis/index.ts';
import { createAnalysisProcess } from '../../api/services/analysis/analysis-process.ts';
import { ZCardAnalysis } from '../../core/analysis/types.ts';
import { READ_MS } from '../helpers/bounds.ts';
import { refuseInternet } from './fixtures/http-peer.ts';
import { OHTANI_LABEL, renderLabel } from './fixtures/make-label.ts';
import { psaRecord, startPsaEmulator } from '../helpers/psa-emulator.ts';

const READ_OHTANI = {
  grader: 'PSA',
  player: 'Shohei Ohtani',
  year: '2018',
  brand: 'Topps Chrome',
  cardName: 'Refractor #193',
  condition: 'PSA 10 GEM MT',
  psaCertNumber: '12345678',
  certificationUrl: 'https://www.psacard.com/cert/12345678',
  psaVerified: false,
};
const rough = { tilt: 1.2, blur: 0.5, noise: 6, jpegQuality: 82 } as const;

// The reader's own 15 s limit is for a server; here the bound is the machine's (tests/helpers/bounds.ts).
const analyzer = createOcrAnalyzer({ timeoutMs: READ_MS });
afterAll(() => analyzer.close());

describe('offline OCR analyzer on generated slab photos', () => {
  it('reads a PSA label photo', async () => {
    const a = await analyzer.analyze(await renderLabel(OHTANI_LABEL), 'image/jpeg');
    expect(ZCardAnalysis.parse(a)).toEqual(a);
    expect(a).toMatchObject(READ_OHTANI);
    expect(a.confidence).toBeGreaterThan(0.85);
  });

  it('reads a whole-slab phone photo (800 px, tilted, blurred, noisy)', async () => {
    const a = await analyzer.analyze(await renderLabel(OHTANI_LABEL, { layout: 'slab', ...rough }), 'image/jpeg');
    expect(a).toMatchObject(READ_OHTANI);
  });

  it('reads a slab photographed upside down and one on its side', async () => {
    for (const turn of [180, 90] as const) {
      const a = await analyzer.analyze(await renderLabel(OHTANI_LABEL, { layout: 'slab', turn }), 'image/jpeg');
      expect(a, `turned ${turn}°`).toMatchObject({ player: 'Shohei Ohtani', condition: 'PSA 10 GEM MT' });
    }
  });

  it('reads a BGS label with subgrades and a half grade', async () => {
    const a = await analyzer.analyze(
      await renderLabel(
        {
          ...OHTANI_LABEL,
          grader: 'BGS',
          grade: '9.5',
          gradeName: 'GEM MINT',
          certNumber: '0012345678',
          subgrades: { centering: '9.5', corners: '10', edges: '9.5', surface: '9' },
        },
        rough,
      ),
      'image/jpeg',
    );
    expect(a).toMatchObject({
      grader: 'BGS',
      condition: 'BGS 9.5 GEM MINT',
      subgrades: { centering: '9.5', corners: '10', edges: '9.5', surface: '9' },
      certNumber: '0012345678',
      psaCertNumber: null,
      player: 'Shohei Ohtani',
    });
  });

  it('reads a light-on-dark SGC label on a slab, and a CGC label', async () => {
    const sgc = await analyzer.analyze(
      await renderLabel(
        { ...OHTANI_LABEL, grader: 'SGC', player: 'MIKE TROUT', grade: '9.5', gradeName: 'MINT+', certNumber: '7654321' },
        { layout: 'slab', ...rough },
      ),
      'image/jpeg',
    );
    expect(sgc).toMatchObject({ grader: 'SGC', condition: 'SGC 9.5 MINT+', player: 'Mike Trout', certNumber: '7654321' });
    const cgc = await analyzer.analyze(
      await renderLabel({
        ...OHTANI_LABEL,
        grader: 'CGC',
        brand: 'PANINI PRIZM',
        variety: 'SILVER PRIZM',
        grade: '9.5',
        gradeName: 'GEM MINT',
        certNumber: '4012345001',
      }),
      'image/jpeg',
    );
    expect(cgc).toMatchObject({ grader: 'CGC', condition: 'CGC 9.5 GEM MINT', brand: 'Panini Prizm', variety: 'Silver Prizm' });
  });

  it("takes the cert from the label's barcode where the printed digits are smudged past reading", async () => {
    const smudged = { ...OHTANI_LABEL, smudgedCert: true };
    // The printed digits alone give no cert: what the barcode adds is seen against this.
    const printedOnly = await analyzer.analyze(await renderLabel(smudged), 'image/jpeg');
    expect(printedOnly.certNumber).toBeNull();
    expect(printedOnly.certFromBarcode).toBeUndefined();

    const a = await analyzer.analyze(await renderLabel({ ...smudged, barcode: true }), 'image/jpeg');
    expect(ZCardAnalysis.parse(a)).toEqual(a);
    expect(a).toMatchObject({ ...READ_OHTANI, certNumber: '12345678', certFromBarcode: true });
    expect(a.fieldConfidence?.certNumber).toBe(1);
  });

  it('does not try the barcode of a listing thumbnail, whose bars are a few grey pixels', async () => {
    const a = await analyzer.analyze(await renderLabel({ ...OHTANI_LABEL, barcode: true, smudgedCert: true }, { layout: 'slab', size: 220 }), 'image/jpeg');
    expect(a.certFromBarcode).toBeUndefined();
    expect(a.certNumber).toBeNull();
  });

  it('reads a half grade with a qualifier', async () => {
    const a = await analyzer.analyze(
      await renderLabel({ ...OHTANI_LABEL, grade: '8.5', gradeName: 'NM-MT+', qualifier: 'OC', certNumber: '55512345' }, rough),
      'image/jpeg',
    );
    expect(a).toMatchObject({ grade: '8.5', condition: 'PSA 8.5 NM-MT+ (OC)' });
  });

  it('gives a photo without a label a low confidence and no invented card', async () => {
    const art = await sharp({ create: { width: 500, height: 800, channels: 3, background: '#3a6e2f' } })
      .composite([
        { input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="500" height="800"><circle cx="250" cy="300" r="120" fill="#e0b48a"/></svg>') },
      ])
      .jpeg()
      .toBuffer();
    const a = await analyzer.analyze(art, 'image/jpeg');
    expect(a.confidence).toBeLessThan(0.3);
    expect(a).toMatchObject({ player: null, condition: null, psaCertNumber: null });
  });

  it('refuses an image it cannot decode', async () => {
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(64)]);
    await expect(analyzer.analyze(heic, 'image/heic')).rejects.toBeInstanceOf(AnalysisInputError);
  });

  it('serves concurrent requests from one child process', async () => {
    const photo = await renderLabel(OHTANI_LABEL);
    const reads = await Promise.all([analyzer.analyze(photo, 'image/jpeg'), analyzer.analyze(photo, 'image/jpeg')]);
    for (const a of reads) expect(a.player).toBe('Shohei Ohtani');
  });
});

describe('createAnalyzer without a Gemini key', () => {
  it('reads offline and has PSA confirm the cert when a PSA token is set', async () => {
    const restore = refuseInternet();
    const psa = await startPsaEmulator({ '12345678': psaRecord('12345678') }, Buffer.alloc(0), 't0ken');
    // The tests' own bound on a read (a loaded machine), not the product's 15 s limit.
    const offline = createAnalyzer({ psaToken: 't0ken', psaBaseUrl: psa.baseUrl, timeoutMs: READ_MS });
    try {
      const a = await offline.analyze(await renderLabel(OHTANI_LABEL, { layout: 'slab' }), 'image/jpeg');
      expect(a).toMatchObject({ ...READ_OHTANI, psaVerified: true });
      expect(psa.requests).toHaveLength(1);
    } finally {
      await offline.close();
      await psa.close();
      restore();
    }
  });
});

describe('the analysis child process', () => {
  // Three reads, two by a child started afresh: the tests' bound on a read (a loaded machine) for each.
  it(
    'survives its child crashing, idle or mid-photo, and keeps serving',
    async () => {
      const reader = createAnalysisProcess({ timeoutMs: READ_MS, maxQueue: 4 });
      try {
        const photo = await renderLabel(OHTANI_LABEL);
        expect((await reader.run(photo, 'image/jpeg')).player).toBe('Shohei Ohtani');
        const idle = reader.childPid();
        expect(idle).toEqual(expect.any(Number));
        process.kill(idle ?? 0, 'SIGKILL');
        expect((await reader.run(photo, 'image/jpeg')).player).toBe('Shohei Ohtani');
        expect(reader.childPid()).not.toBe(idle);

        // A child that dies under a photo: the photo is read again by a fresh one.
        const reading = reader.run(photo, 'image/jpeg');
        const mid = reader.childPid();
        process.kill(mid ?? 0, 'SIGKILL');
        expect((await reading).player).toBe('Shohei Ohtani');
        expect(reader.childPid()).not.toBe(mid);
      } finally {
        await reader.close();
      }
    },
    3 * READ_MS,
  );

  it('stops its process after the idle time without a photo, and starts a fresh one for the next photo', async () => {
    const reader = createAnalysisProcess({ timeoutMs: READ_MS, maxQueue: 4, idleMs: 1_500 });
    try {
      expect(reader.childPid()).toBeNull(); // nothing runs before the first photo
      const photo = await renderLabel(OHTANI_LABEL);
      expect((await reader.run(photo, 'image/jpeg')).player).toBe('Shohei Ohtani');
      const first = reader.childPid()!;
      expect(first).toEqual(expect.any(Number));
      // Photos closer together than the idle time keep the same process.
      expect((await reader.run(photo, 'image/jpeg')).player).toBe('Shohei Ohtani');
      expect(reader.childPid()).toBe(first);
      const gone = async (pid: number) => {
        for (let i = 0; i < 100; i++) {
          try {
            process.kill(pid, 0);
          } catch {
            return true;
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return false;
      };
      expect(await gone(first)).toBe(true);
      expect(reader.childPid()).toBeNull();
      expect((await reader.run(photo, 'image/jpeg')).player).toBe('Shohei Ohtani');
      expect(reader.childPid()).not.toBe(first);
    } finally {
      await reader.close();
    }
  });

  it('gives up a photo that takes longer than its limit, as busy', async () => {
    const impatient = createAnalysisProcess({ timeoutMs: 1, maxQueue: 4 });
    await expect(impatient.run(await renderLabel(OHTANI_LABEL), 'image/jpeg')).rejects.toBeInstanceOf(AnalysisBusyError);
    await impatient.close();
    expect(impatient.childPid()).toBeNull();
  });

  it('refuses work beyond its queue as busy, and all work once closed', async () => {
    const reader = createAnalysisProcess({ timeoutMs: 30_000, maxQueue: 0 });
    const photo = await renderLabel(OHTANI_LABEL);
    const first = reader.run(photo, 'image/jpeg');
    await expect(reader.run(photo, 'image/jpeg')).rejects.toBeInstanceOf(AnalysisBusyError);
    expect((await first).player).toBe('Shohei Ohtani');
    await reader.close();
    await expect(reader.run(photo, 'image/jpeg')).rejects.toBeInstanceOf(AnalysisFailedError);
  });
});
