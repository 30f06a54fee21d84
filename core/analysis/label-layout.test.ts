import { describe, expect, it } from 'vitest';
import { labelColumns, readLabelLayout, type TTextBox } from './label-layout.ts';
import { ANALYSIS_UNSURE } from './confidence.ts';
import { analysisFromLayout } from './layout-analysis.ts';

/**
 * The layout reader on text boxes as the reader returns them from real PSA photos (docs/choices.md 28),
 * one test per failure kind the line-by-line reader had on the real set.
 */

const LINE = 34;
const GAP = 8;

/** A box of `text` at (x0, y0), `sure` for every character unless `scores` says otherwise. */
function box(text: string, x0: number, y0: number, sure = 0.98, scores?: number[]): TTextBox {
  const charScores = scores ?? Array.from(text, () => sure);
  return { text, charScores, score: Math.min(...charScores), x0, y0, x1: x0 + text.length * 20, y1: y0 + LINE };
}

/** A PSA label's boxes: the left column at x 100, the right column right-aligned at x 860. */
function psaLabel(left: readonly (string | TTextBox)[], right: readonly string[], top = 100): TTextBox[] {
  const row = (i: number) => top + i * (LINE + GAP);
  const rightBox = (text: string, i: number) => {
    const b = box(text, 0, row(i));
    const w = b.x1 - b.x0;
    return { ...b, x0: 860 - w, x1: 860 };
  };
  return [
    ...left.map((l, i) => (typeof l === 'string' ? box(l, 100, row(i)) : { ...l, x0: 100, y0: row(i), x1: 100 + l.text.length * 20, y1: row(i) + LINE })),
    ...right.map(rightBox),
    box('PSA', 420, row(3) + 6),
  ];
}

describe('reading a PSA label by its layout', () => {
  it("reads a tobacco card's label with no year: the catalogue code is the set", () => {
    const read = readLabelLayout(psaLabel(['T206', 'MORDECAI BROWN', 'PORTRAIT'], ['VG-EX 4', '21875497']));
    expect(read.byLayout).toBe(true);
    expect(read.parsed).toMatchObject({ year: null, brand: 'T206', player: 'Mordecai Brown', grade: '4' });
    expect(read.scores.brand).toBeGreaterThan(0.5);
    expect(read.scores.year).toBe(0);
  });

  it("spaces an ampersand the recognizer ran into a word, and keeps a code's capitals", () => {
    const read = readLabelLayout(psaLabel(['1960 TOPPS', 'MASTER& MENTOR', 'W.MAYS-B.RIGNEY'], ['#7', 'NM 7', '21875497']));
    expect(read.parsed).toMatchObject({ year: '1960', brand: 'Topps', player: 'Master & Mentor' });
    const px3 = readLabelLayout(psaLabel(['1933 PX3 DOUBLE HEADER', 'SI JOHNSON'], ['EX 5', '17918068']));
    expect(px3.parsed).toMatchObject({ year: '1933', brand: 'PX3 Double Header', player: 'Si Johnson' });
  });

  it("reads an older label's 'PR-FR 1' as printed, a 1", () => {
    for (const words of ['PR-FR 1', 'PR - FR 1']) {
      const read = readLabelLayout(psaLabel(['1940 PLAY BALL', 'JOE JACKSON'], ['#225', words, '90654758']));
      expect(read.parsed).toMatchObject({ grade: '1', gradeName: 'PR-FR', gradeCertain: true });
    }
    expect(readLabelLayout(psaLabel(['1940 PLAY BALL', 'JOE JACKSON'], ['#225', 'PR', '1', '90654758'])).parsed.gradeName).toBe('PR');
  });

  it('takes the subject from the line under the set, even when the variety line reads like a name', () => {
    const read = readLabelLayout(psaLabel(['2019 POKEMON S & M', 'FA/UMBREON GX', 'HIDDEN FATES'], ['#SV69', 'MINT', '9', '72773169']));
    expect(read.byLayout).toBe(true);
    expect(read.parsed).toMatchObject({
      grader: 'PSA',
      year: '2019',
      brand: 'Pokemon S & M',
      player: 'Fa/umbreon GX',
      variety: 'Hidden Fates',
      cardNumber: 'SV69',
      grade: '9',
      gradeName: 'MINT',
      gradeCertain: true,
      certNumber: '72773169',
    });
  });

  it('reads a set name that wraps onto a second line, and a variety that looks like a subject', () => {
    const read = readLabelLayout(
      psaLabel(['2019 P.M.JPN.SUN &', 'MOON', 'FA/LUCARIO & MLMTL.GX', 'TAG TEAM GX ALL STARS'], ['#224', 'GEM MT', '10', '72773222']),
    );
    expect(read.parsed).toMatchObject({ year: '2019', brand: 'P.M. Jpn. Sun & Moon', variety: 'Tag Team GX All Stars', grade: '10', gradeName: 'GEM MT' });
    expect(read.parsed.player).toMatch(/^Fa\/lucario & Mlmtl/i);
  });

  it('mends spacing the reader got wrong around hyphens and abbreviations', () => {
    const read = readLabelLayout(psaLabel(['2003 POKEMON JAPANESE', 'SWAMPERT -HOLO', 'EXPANSION PACK'], ['#016', 'NM-MT', '8', '70496988']));
    expect(read.parsed).toMatchObject({ player: 'Swampert-Holo', brand: 'Pokemon Japanese' });
    expect(readLabelLayout(psaLabel(['1999 P.M.JPN.VENDING', 'ALAKAZAM-HOLO', 'MASAKI PROMO'], ['#65', 'EX', '5', '139250372'])).parsed.brand).toBe(
      'P.M. Jpn. Vending',
    );
  });

  it('reads a zero inside a word as the letter O', () => {
    const read = readLabelLayout(psaLabel(['2019 P0KEMON S & M', 'FA/UMBRE0N GX', 'HIDDEN FATES'], ['#SV69', 'MINT', '9', '72773169']));
    expect(read.parsed).toMatchObject({ brand: 'Pokemon S & M', player: 'Fa/umbreon GX' });
  });

  it("keeps the label's lowercase tokens: 'CHARIZARD ex' is not 'Charizard Ex' (docs/choices.md 47 item 12)", () => {
    const read = readLabelLayout(psaLabel(['2023 POKEMON SV OBSIDIAN', 'CHARIZARD ex', 'SPECIAL ILLUSTRATION RARE'], ['#223', 'GEM MT', '10', '81234567']));
    expect(read.parsed).toMatchObject({ player: 'Charizard ex', variety: 'Special Illustration Rare' });
  });

  it('reads a sports label with a known capitalisation in the name', () => {
    const read = readLabelLayout(psaLabel(['2003 UPPER DECK', 'LEBRON JAMES', 'ROOKIE'], ['#221', 'NM-MT', '8', '55764922']));
    expect(read.parsed).toMatchObject({ year: '2003', brand: 'Upper Deck', player: 'LeBron James', variety: 'Rookie', grade: '8', gradeName: 'NM-MT' });
  });

  it('reads a long cert number beside the barcode and the logo, and a year read with letters for digits', () => {
    const boxes = [...psaLabel(['2O2O POKEMON JPN.SWSH', 'FA/MARNIE', 'SHINY STAR V'], ['#198', 'GEM MT', '10', '139250372']), box('IlIlllIlI', 400, 230, 0.4)];
    const read = readLabelLayout(boxes);
    expect(read.parsed).toMatchObject({ year: '2020', certNumber: '139250372', player: 'Fa/marnie', variety: 'Shiny Star V' });
    expect(read.scores.certNumber).toBeGreaterThan(0.9);
  });

  it('trusts a cert number of a length PSA does not print less', () => {
    const read = readLabelLayout(psaLabel(['2005 POKEMON GOLD STAR', 'ENTEI-HOLO', 'EX UNSEEN FORCES'], ['#113', 'EX-MT', '6', '14028068277']));
    expect(read.parsed.certNumber).not.toBe('14028068277');
    const short = readLabelLayout(psaLabel(['2005 POKEMON GOLD STAR', 'ENTEI-HOLO', 'EX UNSEEN FORCES'], ['#113', 'EX-MT', '6', '1402806']));
    expect(short.scores.certNumber).toBeLessThan(0.8);
  });

  it('leaves a subject whose first letter the reader doubts empty, and says the read is unsure', () => {
    const doubtful = box('USTIN HERBERT', 100, 0, 0.98, [0.2, ...Array.from('STIN HERBERT', () => 0.98)]);
    const read = readLabelLayout(psaLabel(['2020 PANINI PRIZM', doubtful, 'SILVER PRIZM'], ['#325', 'GEM MT', '10', '63877282']));
    expect(read.scores.player).toBeLessThan(ANALYSIS_UNSURE);
    const analysis = analysisFromLayout(read);
    expect(analysis.player).toBeNull();
    expect(analysis.confidence).toBeLessThan(0.5);
    expect(analysis).toMatchObject({ year: '2020', brand: 'Panini Prizm', condition: 'PSA 10 GEM MT', certNumber: '63877282' });

    const sure = analysisFromLayout(readLabelLayout(psaLabel(['2020 PANINI PRIZM', 'JUSTIN HERBERT', 'SILVER PRIZM'], ['#325', 'GEM MT', '10', '63877282'])));
    expect(sure.player).toBe('Justin Herbert');
    expect(sure.confidence).toBeGreaterThan(0.9);
    expect(sure.fieldConfidence?.player).toBeGreaterThan(0.9);
  });

  it('ignores the card art text under the label', () => {
    const boxes = [
      ...psaLabel(['2002 POKEMON JAPANESE', 'SLOWPOKE-HOLO', "McDONALD'S"], ['#014', 'NM-MT', '8', '63877282']),
      box("TRAINER'S", 140, 470),
      box('LV.45 HP90', 210, 520),
    ];
    const cols = labelColumns(boxes);
    expect(cols.left.map((l) => l.text)).toEqual(['2002 POKEMON JAPANESE', 'SLOWPOKE-HOLO', "McDONALD'S"]);
    expect(readLabelLayout(boxes).parsed).toMatchObject({ player: 'Slowpoke-Holo', variety: "McDonald's" });
  });

  it('doubts a grade whose words and number disagree', () => {
    const read = readLabelLayout(psaLabel(['2006 POKEMON JAPANESE', 'TORCHIC', 'EX CNST.STRT.DECK-1ST ED.'], ['#001', 'MINT', '7', '67883063']));
    expect(read.parsed.gradeCertain).toBe(false);
    expect(read.scores.grade).toBeLessThan(ANALYSIS_UNSURE);
  });
});

describe('reading a CGC label by its layout', () => {
  it('takes the subject above the (YEAR) line, the set across lines up to its number, then the variety', () => {
    const boxes = [
      box('CERTIFIED GUARANTY COMPANY', 400, 110),
      box('Kecleon', 140, 175),
      box('PRISTINE', 640, 170),
      box('10', 700, 200),
      box('Pokemon (2024) Japanese', 140, 205),
      box('Super Electric Breaker - 118/106', 140, 235),
      box('Art Rare - Holo', 140, 265),
      box('6052481113', 450, 320),
    ];
    const read = readLabelLayout(boxes);
    expect(read.byLayout).toBe(true);
    expect(read.parsed).toMatchObject({
      grader: 'CGC',
      year: '2024',
      brand: 'Pokemon Japanese Super Electric Breaker',
      player: 'Kecleon',
      cardNumber: '118/106',
      variety: 'Art Rare - Holo',
      grade: '10',
      certNumber: '6052481113',
    });
  });
});

describe('other layouts fall back to the line parser', () => {
  it('reads the year of an SGC label printed in its dark band', () => {
    const boxes = [
      box('2024 FLEER #199', 60, 60),
      box('PATRICK MAHOMES', 60, 102),
      box('SILVER PRIZM', 60, 144),
      box('SGC', 640, 40),
      box('10', 640, 80),
      box('GEM MINT', 640, 144),
      box('8876967', 60, 230),
    ];
    const read = readLabelLayout(boxes);
    expect(read.byLayout).toBe(false);
    expect(read.parsed).toMatchObject({ grader: 'SGC', year: '2024', player: 'Patrick Mahomes', grade: '10', certNumber: '8876967' });
  });

  it('reads nothing from boxes without a label, with no confidence', () => {
    const a = analysisFromLayout(readLabelLayout([box('HELLO', 10, 10), box('WORLD', 10, 60)]));
    expect(a).toMatchObject({ player: null, year: null, condition: null, certNumber: null });
    expect(a.confidence).toBeLessThan(0.3);
  });
});
