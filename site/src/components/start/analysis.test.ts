import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { analysisCompleteToast, analysisErrorToast, confidenceLevel, fieldsFromAnalysis, readAnalysis } from './analysis.ts';

import { EMPTY_CARD_FIELDS as empty } from '../../stores/anonymous-collection-model.ts';

const ohtani = readAnalysis({
  player: 'Shohei Ohtani',
  sport: 'Baseball',
  year: '2018',
  brand: 'Topps Chrome',
  cardName: 'Refractor #193',
  condition: 'PSA 10 GEM MT',
  confidence: 0.93,
  psaVerified: false,
  gradeDetails: { name: 'GEM MT', description: 'Gem Mint' },
  psaCertNumber: '12345678',
  certificationUrl: 'https://www.psacard.com/cert/12345678',
});

describe('readAnalysis', () => {
  it('keeps a full answer', () => {
    expect(ohtani).toMatchObject({ player: 'Shohei Ohtani', year: '2018', confidence: 0.93, gradeDetails: { name: 'GEM MT' } });
  });

  it('turns nulls, numbers and junk into strings and clamps confidence', () => {
    const view = readAnalysis({ player: null, year: 2018, confidence: 7, certificationUrl: 'javascript:alert(1)', gradeDetails: {} });
    expect(view).toMatchObject({ player: '', year: '2018', confidence: 1, certificationUrl: '', gradeDetails: null, psaVerified: false });
    expect(readAnalysis('nonsense').confidence).toBe(0);
  });
});

describe('fieldsFromAnalysis', () => {
  it('fills player, year, brand and condition, and keeps the card number, variety and the cert read from the label', () => {
    const read = readAnalysis({
      player: 'Shohei Ohtani',
      sport: 'Baseball',
      year: '2018',
      brand: 'Topps Chrome',
      cardName: 'Refractor #193',
      cardNumber: '193',
      variety: 'Refractor',
      grader: 'PSA',
      grade: '10',
      condition: 'PSA 10 GEM MT',
      certNumber: '12345678',
      confidence: 0.9,
    });
    expect(fieldsFromAnalysis({ ...empty, userValue: '900' }, read)).toEqual({
      player: 'Shohei Ohtani',
      year: '2018',
      brand: 'Topps Chrome',
      condition: 'PSA 10 GEM MT',
      userValue: '900',
      userNotes: '',
      cardNumber: '193',
      certNumber: '12345678',
      variety: 'Refractor',
      sport: 'Baseball',
    });
    expect(read.card).toMatchObject({ subject: 'Shohei Ohtani', grader: 'PSA', grade: 10, certNumber: '12345678', cardNumber: '193' });
  });

  it('keeps what the visitor typed where the analysis read nothing', () => {
    const partial = readAnalysis({ condition: 'PSA 9 MINT', confidence: 0.3 });
    expect(fieldsFromAnalysis({ ...empty, player: 'Mike Trout', userNotes: 'mine' }, partial)).toEqual({
      ...empty,
      player: 'Mike Trout',
      condition: 'PSA 9 MINT',
      userNotes: 'mine',
    });
  });
});

describe('toasts', () => {
  it('says what was identified', () => {
    expect(analysisCompleteToast(ohtani)).toMatchObject({ title: 'Analysis Complete', description: 'Identified: Shohei Ohtani - PSA 10 GEM MT' });
  });

  it('maps a 503 to "Analysis Service Busy" with the server message or the default', () => {
    const withMessage = new ApiError(503, '{}', { error: { code: 'analysis_busy', message: 'Gemini is overloaded' } });
    expect(analysisErrorToast(withMessage)).toMatchObject({ title: 'Analysis Service Busy', description: 'Gemini is overloaded' });
    const topLevel = new ApiError(503, '{}', { message: 'Busy, try later' });
    expect(analysisErrorToast(topLevel).description).toBe('Busy, try later');
    expect(analysisErrorToast(new ApiError(503, 'Service Unavailable', undefined))).toMatchObject({
      title: 'Analysis Service Busy',
      description: 'AI analysis service is temporarily overloaded. Please try again in a moment.',
    });
  });

  it('maps other answers to "Analysis Failed" and no answer to "Analysis Error"', () => {
    const bad = new ApiError(400, '{}', { error: { code: 'invalid_image', message: 'The file is not an image' } });
    expect(analysisErrorToast(bad)).toMatchObject({ title: 'Analysis Failed', description: 'The file is not an image' });
    expect(analysisErrorToast(new ApiError(500, 'oops', undefined))).toMatchObject({
      title: 'Analysis Failed',
      description: 'Unable to analyze the card image',
    });
    expect(analysisErrorToast(new TypeError('Failed to fetch'))).toMatchObject({
      title: 'Analysis Error',
      description: 'Unable to analyze the card image. Please try again.',
    });
  });
});

describe('confidenceLevel', () => {
  it.each([
    [0.95, 'High'],
    [0.8, 'High'],
    [0.6, 'Medium'],
    [0.2, 'Low'],
  ] as const)('%d -> %s', (c, level) => {
    expect(confidenceLevel(c)).toBe(level);
  });
});
