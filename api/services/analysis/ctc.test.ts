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

  it('weighs a text as the log-domain forward algorithm does, the unlikeliest texts included', () => {
    // A plain reference: every alignment's log-probability summed in the log domain.
    const reference = (out: TCtcOutput, text: string) => {
      const ext = [0, ...[...text].flatMap((c) => [dictionary.indexOf(c), 0])];
      const lp = (t: number, s: number) => Math.log(Math.max(1e-12, out.probs[t * out.classes + ext[s]!]!));
      const add = (a: number, b: number) => (a === -Infinity ? b : b === -Infinity ? a : Math.max(a, b) + Math.log1p(Math.exp(-Math.abs(a - b))));
      let alpha = ext.map((_, s) => (s < 2 ? lp(0, s) : -Infinity));
      for (let t = 1; t < out.steps; t++)
        alpha = alpha.map((_, s) => {
          let a = alpha[s]!;
          if (s >= 1) a = add(a, alpha[s - 1]!);
          if (s >= 2 && ext[s] !== 0 && ext[s] !== ext[s - 2]) a = add(a, alpha[s - 2]!);
          return a + lp(t, s);
        });
      return add(alpha.at(-1)!, alpha.at(-2)!);
    };
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const classes = dictionary.length;
    for (let round = 0; round < 20; round++) {
      const steps = 12 + (round % 9) * 4;
      const probs = new Float32Array(steps * classes);
      for (let t = 0; t < steps; t++) {
        // Peaked rows, as the recognizer's are, some classes at the floor.
        const raw = Array.from({ length: classes }, () => random() ** 8);
        const sum = raw.reduce((a, b) => a + b, 0);
        raw.forEach((v, k) => (probs[t * classes + k] = v / sum));
      }
      const out = { probs, steps, classes, dictionary };
      for (const text of ['GEM MT 10', '107', 'TEMG', 'MMMMMMM', 'G'.repeat(Math.floor(steps / 2))]) {
        const [ll, expected] = [ctcLogLikelihood(out, text), reference(out, text)];
        // Repeated letters need a blank between: a text too long for the steps has no alignment.
        if (expected === -Infinity) expect(ll).toBe(-Infinity);
        else expect(Math.abs(ll - expected)).toBeLessThan(1e-9 * Math.max(1, Math.abs(ll)));
      }
    }
    // Sixty steps each certain of a blank: thirty letters are at the probability floor all along, a
    // likelihood (e^-829) under the smallest double.
    const blanks = output('_'.repeat(60), 1);
    expect(ctcLogLikelihood(blanks, 'M'.repeat(30))).toBeCloseTo(reference(blanks, 'M'.repeat(30)), 6);
    expect(ctcLogLikelihood(blanks, 'M'.repeat(30))).toBeLessThan(-800);
  });
});
