import { describe, expect, it } from 'vitest';
import { bestCandidate, ctcLogLikelihood, greedyDecode, type TCtcOutput } from './ctc.ts';

const dictionary = ['', 'G', 'E', 'M', 'T', '1', '0', '7', ' '];

/** An output whose steps each favour one class (by its character; '_' is the blank) with probability `p`. */
function output(steps: string, p = 0.8): TCtcOutput {
  const classes = dictionary.length;
  const probs = new Float32Array(steps.length * classes);
  for (const [t, c] of [...steps].entries()) {
    const k = c === '_' ? 0 : dictionary.indexOf(c);
    for (let j = 0; j < classes; j++) probs[t * classes + j] = j === k ? p : (1 - p) / (classes - 1);
  }
  return { probs, steps: steps.length, classes, dictionary };
}

describe('decoding the recognizer against what a label line may say', () => {
  it('rates the text the steps spell likelier than others, repeats and blanks included', () => {
    const out = output('GG_EM_M_T');
    expect(ctcLogLikelihood(out, 'GEMMT')).toBeGreaterThan(ctcLogLikelihood(out, 'GEMT'));
    expect(ctcLogLikelihood(out, 'GEMMT')).toBeGreaterThan(ctcLogLikelihood(out, 'TMEG'));
    expect(ctcLogLikelihood(out, 'GEMX')).toBe(-Infinity);
  });

  it('picks the likeliest phrase of a list, a printed space optional, and says how sure it is', () => {
    const out = output('G_E_M__M_T__1_0');
    const best = bestCandidate(out, ['GEM MT 10', 'GEM MT', 'MT 7', '10']);
    expect(best?.text).toBe('GEM MT 10');
    expect(best?.certainty).toBeGreaterThan(0.5);
    const blurred = output('G_E_M__M_T__1_0', 0.2);
    expect(bestCandidate(blurred, ['GEM MT 10', 'GEM MT'])?.certainty ?? 1).toBeLessThan(best?.certainty ?? 0);
  });

  it('reads greedily among the characters allowed so far', () => {
    const out = output('1_0_G_7');
    expect(greedyDecode(out, () => '10GEMT7').text).toBe('10G7');
    expect(greedyDecode(out, () => '0123456789').text).toBe('107');
    expect(greedyDecode(out, (s) => (s.length < 2 ? '10' : 'G')).text).toBe('10G');
  });
});
