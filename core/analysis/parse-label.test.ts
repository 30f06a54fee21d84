import { describe, expect, it } from 'vitest';
import { analysisFromLabel } from './build-analysis.ts';
import { parseLabel } from './parse-label.ts';
import type { TCardAnalysis } from './types.ts';

const read = (text: string): TCardAnalysis => analysisFromLabel(parseLabel(text));

const OHTANI = {
  player: 'Shohei Ohtani',
  year: '2018',
  brand: 'Topps Chrome',
  cardNumber: '193',
  variety: 'Refractor',
  cardName: 'Refractor #193',
};

describe('parseLabel: PSA', () => {
  it.each<[string, string, Partial<TCardAnalysis>]>([
    [
      'two columns read across (PSM 6)',
      '2018 TOPPS CHROME #193\nSHOHEI OHTANI GEM MT\n\nREFRACTOR 10\n12345678\n',
      {
        ...OHTANI,
        grader: 'PSA',
        grade: '10',
        condition: 'PSA 10 GEM MT',
        psaCertNumber: '12345678',
        certificationUrl: 'https://www.psacard.com/cert/12345678',
      },
    ],
    [
      'two columns read one after the other (sparse text)',
      '2018 TOPPS CHROME\n\n#193\n\nSHOHEI OHTANI\n\nGEM MT\n\nREFRACTOR\n\n10\n\n12345678\n',
      { ...OHTANI, condition: 'PSA 10 GEM MT', certNumber: '12345678' },
    ],
    [
      'one item per line with the logo read',
      'PSA\n2018 TOPPS CHROME #193\nSHOHEI OHTANI\nREFRACTOR\nGEM MT 10\n12345678',
      { ...OHTANI, grader: 'PSA', condition: 'PSA 10 GEM MT' },
    ],
    [
      'half grade NM-MT+ 8.5',
      'PSA\n2019 PANINI PRIZM #248\nZION WILLIAMSON NM-MT+\nSILVER PRIZM 8.5\n45678901',
      { player: 'Zion Williamson', brand: 'Panini Prizm', variety: 'Silver Prizm', grade: '8.5', condition: 'PSA 8.5 NM-MT+' },
    ],
    ['half grade whose plus sign was lost', 'PSA\n2019 PANINI PRIZM #248\nZION WILLIAMSON NM-MT 8.5\n45678901', { grade: '8.5', condition: 'PSA 8.5 NM-MT+' }],
    [
      'qualifier in brackets: MINT 9 (OC)',
      '1986 FLEER #57\nMICHAEL JORDAN MINT (OC)\n9\n02345678',
      { player: 'Michael Jordan', year: '1986', brand: 'Fleer', condition: 'PSA 9 MINT (OC)', grader: 'PSA' },
    ],
    ['bare qualifier after the number', 'PSA\n1986 FLEER #57\nMICHAEL JORDAN\nMINT 9 OC\n02345678', { condition: 'PSA 9 MINT (OC)' }],
    [
      'AUTHENTIC',
      'PSA\n1952 TOPPS #311\nMICKEY MANTLE\nAUTHENTIC\n12345678',
      { player: 'Mickey Mantle', year: '1952', brand: 'Topps', grade: 'AUTHENTIC', condition: 'PSA AUTHENTIC' },
    ],
    [
      'dual grade: card MINT 9, autograph 10',
      'PSA/DNA\n2018 TOPPS CHROME #HMT1\nSHOHEI OHTANI MINT 9\nAUTOGRAPHS AUTO 10\n87654321',
      { grade: '9', autoGrade: '10', cardNumber: 'HMT1', condition: 'PSA 9 MINT / AUTO 10', variety: 'Autographs' },
    ],
    [
      'AUTO is the variety when its number is the card grade',
      '2018 BOWMAN CHROME #CPA-SO\nSHOHEI OHTANI GEM MT\nCHROME PROSPECT AUTO 10\n11223344',
      { brand: 'Bowman Chrome', cardNumber: 'CPA-SO', grade: '10', autoGrade: null, variety: 'Chrome Prospect Auto', sport: 'Baseball' },
    ],
    [
      'season year 2018-19',
      'PSA\n2018-19 PANINI PRIZM #280\nLUKA DONCIC\nSILVER PRIZM\nGEM MT 10\n44556677',
      { year: '2018-19', player: 'Luka Doncic', condition: 'PSA 10 GEM MT' },
    ],
    ['low grade VG-EX 4', 'PSA\n1952 TOPPS #311\nMICKEY MANTLE VG-EX\n4\n12345670', { grade: '4', condition: 'PSA 4 VG-EX' }],
    [
      'short wording NM with its number two lines down (sparse columns)',
      'PSA\n2012 BOWMAN CHROME #175\nZION WILLIAMSON\nNM\nRATED ROOKIE\n7\n51736801',
      { player: 'Zion Williamson', variety: 'Rated Rookie', grade: '7', condition: 'PSA 7 NM' },
    ],
    [
      'an 8-digit cert points to PSA when no logo or PSA wording was read',
      '1986 FLEER #57\nMICHAEL JORDAN\nMINT 9\n02345678',
      { grader: 'PSA', condition: 'PSA 9 MINT', psaCertNumber: '02345678' },
    ],
    [
      'short wording FR needs its number beside it',
      'PSA\n1909 T206\nHONUS WAGNER\nFR 1.5\n00112233',
      { brand: 'T206', player: 'Honus Wagner', grade: '1.5', condition: 'PSA 1.5 FR' },
    ],
    [
      'SP AUTHENTIC is a set, not a grade',
      'PSA\n2005 SP AUTHENTIC #100\nTOM BRADY\nMINT 9\n22334455',
      { brand: 'SP Authentic', grade: '9', condition: 'PSA 9 MINT' },
    ],
    [
      'parallel printed on the set line',
      'PSA\n2019 TOPPS CHROME REFRACTOR #200\nPETE ALONSO\nGEM MT 10\n55667788',
      { brand: 'Topps Chrome', variety: 'Refractor', player: 'Pete Alonso', cardNumber: '200' },
    ],
    [
      'hockey Young Guns, Mc name',
      'PSA\n2015 UPPER DECK YOUNG GUNS #201\nCONNOR MCDAVID\nGEM MT 10\n31415926',
      { brand: 'Upper Deck Young Guns', player: 'Connor McDavid', sport: 'Hockey' },
    ],
    [
      'older wording GEM MINT 10 with cert label',
      'PSA\n1989 UPPER DECK #1\nKEN GRIFFEY JR.\nGEM MINT 10\nCERT # 27182818',
      { player: 'Ken Griffey Jr.', condition: 'PSA 10 GEM MT', certNumber: '27182818' },
    ],
  ])('%s', (_name, text, expected) => {
    expect(read(text)).toMatchObject(expected);
  });
});

describe('parseLabel: BGS, SGC, CGC', () => {
  it.each<[string, string, Partial<TCardAnalysis>]>([
    [
      'BGS 9.5 with subgrades',
      'BECKETT GRADING\n2018 Topps Chrome 9.5\nRefractor GEM MINT\n#193 Shohei Ohtani\nCENTERING 9.5 CORNERS 9.5 EDGES 9.5 SURFACE 10\n0012345678',
      {
        ...OHTANI,
        grader: 'BGS',
        condition: 'BGS 9.5 GEM MINT',
        psaCertNumber: null,
        certificationUrl: null,
        subgrades: { centering: '9.5', corners: '9.5', edges: '9.5', surface: '10' },
      },
    ],
    [
      'BGS read block by block',
      'BGS\n2018 TOPPS CHROME\nREFRACTOR\n#193 SHOHEI OHTANI\n9.5\nGEM MINT\nCENTERING 9.5 CORNERS 9.5 EDGES 9.5 SURFACE 10\n0012345678',
      { ...OHTANI, condition: 'BGS 9.5 GEM MINT' },
    ],
    [
      'BGS 10 PRISTINE',
      'BECKETT\n2003 UPPER DECK EXQUISITE #78\nLEBRON JAMES\n10 PRISTINE\nCENTERING 10 CORNERS 10 EDGES 10 SURFACE 10\n0001234567',
      { grader: 'BGS', condition: 'BGS 10 PRISTINE', brand: 'Upper Deck Exquisite' },
    ],
    [
      'BGS known by its subgrades alone',
      '2020 PANINI PRIZM #278\nLAMELO BALL\n9 MINT\nCENTERING 9 CORNERS 9 EDGES 9.5 SURFACE 9\n0011223344',
      { grader: 'BGS', condition: 'BGS 9 MINT' },
    ],
    [
      'BGS autograph grade',
      'BGS\n2018 TOPPS CHROME #193\nSHOHEI OHTANI\n9.5 GEM MINT\nCENTERING 9.5 CORNERS 9.5 EDGES 9.5 SURFACE 9.5 AUTOGRAPH 10\n0012345678',
      { condition: 'BGS 9.5 GEM MINT / AUTO 10', autoGrade: '10' },
    ],
    [
      'SGC 10 PRISTINE',
      'SGC\n1989 UPPER DECK #1\nKEN GRIFFEY JR.\n10 PRISTINE\n1234567',
      { grader: 'SGC', condition: 'SGC 10 PRISTINE', player: 'Ken Griffey Jr.', certNumber: '1234567' },
    ],
    [
      'SGC 9.5 MINT+ without the logo read',
      '2003 UPPER DECK #221\nLEBRON JAMES\n9.5 MINT+\n1234567-001',
      { grader: 'SGC', condition: 'SGC 9.5 MINT+', certNumber: '1234567-001' },
    ],
    [
      'SGC slash wording NM/MT+ 8.5',
      '2011 TOPPS UPDATE #US175\nMIKE TROUT\nNM/MT+ 8.5\n9876543',
      { grader: 'SGC', condition: 'SGC 8.5 NM/MT+', cardNumber: 'US175', brand: 'Topps Update' },
    ],
    [
      'CGC 9.5 GEM MINT',
      'CGC CARDS\n2020 PANINI PRIZM #278\nLAMELO BALL\nGEM MINT 9.5\n4012345001',
      { grader: 'CGC', condition: 'CGC 9.5 GEM MINT', certNumber: '4012345001', psaCertNumber: null },
    ],
    [
      'CGC 10 PRISTINE',
      'CGC\n2020 PANINI PRIZM #278\nLAMELO BALL\nPRISTINE 10\n4012345002',
      { condition: 'CGC 10 PRISTINE', gradeDetails: { name: 'PRISTINE', description: expect.stringContaining('Pristine') } },
    ],
  ])('%s', (_name, text, expected) => {
    expect(read(text)).toMatchObject(expected);
  });
});

describe('parseLabel: OCR noise', () => {
  it.each<[string, string]>([
    ['O for 0 and 0 for O, 1 for I', '2O18 T0PPS CHR0ME #I93\nSH0HEI 0HTAN1 GEM MT\nREFRACT0R 1O\n1234S678'],
    ['stray characters', '~2018 TOPPS CHROME* #193.\n|SHOHEI OHTANI_ GEM MT;\nREFRACTOR — 10\n‘12345678’'],
    ['player broken over two lines', '2018 TOPPS CHROME #193\nSHOHEI\nOHTANI\nREFRACTOR\nGEM MT 10\n12345678'],
    ['barcode stripes and a space after #', '2018 TOPPS CHROME # 193\nSHOHEI OHTANI GEM MT\nREFRACTOR 10\nIIlIIlI IlII\n12345678'],
    ['one-letter slip in the brand', '2018 TOPPZ CHROME #193\nSHOHEI OHTANI GEM MT\nREFRACTOR 10\n12345678'],
    ['comma for the decimal point and CRLF lines', 'PSA\r\n2018 TOPPS CHROME #193\r\nSHOHEI OHTANI\r\nREFRACTOR\r\nGEM MT 10\r\n12345678'],
  ])('%s', (_name, text) => {
    expect(read(text)).toMatchObject({ ...OHTANI, grade: '10', certNumber: '12345678' });
  });

  it('reads 8,5 as 8.5', () => {
    expect(read('PSA\n2019 PANINI PRIZM #248\nZION WILLIAMSON\nNM-MT+ 8,5\n45678901').grade).toBe('8.5');
  });

  it('keeps a brand it does not know, at lower confidence', () => {
    const known = read('PSA\n2021 PANINI FLAWLESS #12\nJA MORANT\nGEM MT 10\n12121212');
    const unknown = read('PSA\n2021 WILD CARD ALUMINATION #12\nJA MORANT\nGEM MT 10\n12121212');
    expect(unknown.brand).toBe('Wild Card Alumination');
    expect(unknown.confidence).toBeLessThan(known.confidence);
  });
});

describe('parseLabel: junk and partial text', () => {
  it.each([
    ['prose', 'the quick brown fox jumps over the lazy dog'],
    ['prose with numbers', 'Lorem ipsum 42 dolor sit amet 7 consectetur'],
    ['symbols', '@@## !! ~~ ||| ... ///'],
    ['empty', ''],
    ['words that look like grade codes', 'EX MACHINA IS A FILM\nNM IS A STATE'],
    ['a card back', 'BATTING RECORD\nAB R H HR RBI AVG\nHOME RUNS LEAGUE LEADER'],
  ])('%s: low confidence, no invented fields', (_name, text) => {
    const a = read(text);
    expect(a.confidence).toBeLessThan(0.3);
    expect(a).toMatchObject({ player: null, brand: null, condition: null, psaCertNumber: null });
  });

  it('a grade alone is read, with a low confidence', () => {
    const a = read('GEM MT 10');
    expect(a).toMatchObject({ condition: 'PSA 10 GEM MT', player: null });
    expect(a.confidence).toBeLessThan(0.3);
  });

  it('confidence grows with what was read and reaches 1 for a full label', () => {
    const full = read('PSA\n2018 TOPPS CHROME #193\nSHOHEI OHTANI\nREFRACTOR\nGEM MT 10\n12345678').confidence;
    const noCert = read('PSA\n2018 TOPPS CHROME #193\nSHOHEI OHTANI\nREFRACTOR\nGEM MT 10').confidence;
    const noPlayer = read('PSA\n2018 TOPPS CHROME #193\nGEM MT 10').confidence;
    expect(full).toBe(1);
    expect(noCert).toBeLessThan(full);
    expect(noPlayer).toBeLessThan(noCert);
  });
});
