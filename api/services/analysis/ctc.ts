/**
 * Decoding the recognizer's CTC output (steps x classes of probabilities, class 0 the blank)
 * against what a label line may say (docs/choices.md 44): the likelihood of a given text, the likeliest
 * of a list of texts, and a greedy read limited to some characters. Pure.
 */

/** A space the model rated this likely between two letters is a space, even when a blank won the step. */
const SPACE_HINT = 0.02;

/** The recognizer's output for one box, and its alphabet (index 0 is the blank). */
export interface TCtcOutput {
  probs: Float32Array;
  steps: number;
  classes: number;
  dictionary: readonly string[];
}

const classIndex = new WeakMap<readonly string[], Map<string, number>>();
function indexOf(dictionary: readonly string[], c: string): number {
  let m = classIndex.get(dictionary);
  if (!m) {
    m = new Map();
    for (const [i, d] of dictionary.entries()) if (i && !m.has(d)) m.set(d, i);
    classIndex.set(dictionary, m);
  }
  return m.get(c) ?? -1;
}

const logCache = new WeakMap<Float32Array, Float64Array>();
function logsOf(out: TCtcOutput): Float64Array {
  let l = logCache.get(out.probs);
  if (!l) {
    l = new Float64Array(out.probs.length);
    for (let i = 0; i < l.length; i++) l[i] = Math.log(Math.max(1e-12, out.probs[i] ?? 0));
    logCache.set(out.probs, l);
  }
  return l;
}

/**
 * Log-likelihood of `text` under the CTC output (sum over all alignments, the forward
 * algorithm). -Infinity when a character is not in the alphabet or the text is too long.
 */
export function ctcLogLikelihood(out: TCtcOutput, text: string): number {
  // The same text is often weighed twice against one output (a name line as read, then as the base
  // of its corrections): kept per output.
  let known = likelihoods.get(out.probs);
  if (!known) likelihoods.set(out.probs, (known = new Map()));
  const cached = known.get(text);
  if (cached !== undefined) return cached;
  const ll = forward(out, text);
  known.set(text, ll);
  return ll;
}

const likelihoods = new WeakMap<Float32Array, Map<string, number>>();

/** The text's labels with blanks between (0 is the blank), or null when a character is not in the alphabet. */
function labelsOf(out: TCtcOutput, text: string): Int32Array | null {
  const chars = [...text];
  const ext = new Int32Array(chars.length * 2 + 1);
  for (let i = 0; i < chars.length; i++) {
    const l = indexOf(out.dictionary, chars[i]!);
    if (l < 0) return null;
    ext[2 * i + 1] = l;
  }
  return ext;
}

/** Below this (relative to the scaled row) the probability domain has lost digits to underflow. */
const SCALED_FLOOR = 1e-200;
const STEP_FLOOR = 1e-12;
const PAST_END = Math.exp(-27);

/**
 * The forward algorithm in the probability domain, each step's row scaled to sum 1 and the scales
 * kept as logs (the textbook way: a multiply and two adds per cell where the log domain takes a log
 * and an exp). It gives the log domain's figure to rounding; a text so unlikely that its end cells
 * fall under the floor is weighed in the log domain instead.
 */
function forward(out: TCtcOutput, text: string): number {
  const ext = labelsOf(out, text);
  if (!ext) return -Infinity;
  const S = ext.length;
  const C = out.classes;
  const probs = out.probs;
  const n = probs.length;
  const p = (i: number) => (i < n ? Math.max(STEP_FLOOR, probs[i]!) : PAST_END);
  let alpha = new Float64Array(S);
  let next = new Float64Array(S);
  alpha[0] = p(ext[0]!);
  if (S > 1) alpha[1] = p(ext[1]!);
  let logScale = 0;
  for (let t = 1; t < out.steps; t++) {
    const row = t * C;
    let sum = 0;
    for (let s = 0; s < S; s++) {
      let a = alpha[s]!;
      if (s >= 1) a += alpha[s - 1]!;
      if (s >= 2 && ext[s] !== 0 && ext[s] !== ext[s - 2]) a += alpha[s - 2]!;
      const v = a * p(row + ext[s]!);
      next[s] = v;
      sum += v;
    }
    if (!(sum > 0)) return forwardLog(out, ext);
    for (let s = 0; s < S; s++) next[s]! /= sum;
    logScale += Math.log(sum);
    [alpha, next] = [next, alpha];
  }
  const end = alpha[S - 1]! + (S > 1 ? alpha[S - 2]! : 0);
  return end > SCALED_FLOOR ? logScale + Math.log(end) : forwardLog(out, ext);
}

const logAdd = (a: number, b: number) => (a === -Infinity ? b : b === -Infinity ? a : Math.max(a, b) + Math.log1p(Math.exp(-Math.abs(a - b))));

/** The same in the log domain (typed arrays, two rows swapped): for texts too unlikely for the scaled rows. */
function forwardLog(out: TCtcOutput, ext: Int32Array): number {
  const S = ext.length;
  const logs = logsOf(out);
  const C = out.classes;
  const n = logs.length;
  const p = (i: number) => (i < n ? logs[i]! : -27);
  let alpha = new Float64Array(S).fill(-Infinity);
  let next = new Float64Array(S);
  alpha[0] = p(ext[0]!);
  if (S > 1) alpha[1] = p(ext[1]!);
  for (let t = 1; t < out.steps; t++) {
    const row = t * C;
    for (let s = 0; s < S; s++) {
      let a = alpha[s]!;
      if (s >= 1) a = logAdd(a, alpha[s - 1]!);
      if (s >= 2 && ext[s] !== 0 && ext[s] !== ext[s - 2]) a = logAdd(a, alpha[s - 2]!);
      next[s] = a === -Infinity ? a : a + p(row + ext[s]!);
    }
    [alpha, next] = [next, alpha];
  }
  return logAdd(alpha[S - 1]!, S > 1 ? alpha[S - 2]! : -Infinity);
}

/** Log-likelihood of `text` with its spaces optional: the model often puts a blank where a space is printed. */
export function textLogLikelihood(out: TCtcOutput, text: string): number {
  return Math.max(ctcLogLikelihood(out, text), text.includes(' ') ? ctcLogLikelihood(out, text.replace(/ /g, '')) : -Infinity);
}

/** The greedy (best path) text's log-likelihood bound: the log of the best class at every step. */
function bestPathLog(out: TCtcOutput): number {
  let sum = 0;
  for (let t = 0; t < out.steps; t++) {
    let best = 0;
    for (let k = 0; k < out.classes; k++) best = Math.max(best, out.probs[t * out.classes + k] ?? 0);
    sum += Math.log(Math.max(1e-12, best));
  }
  return sum;
}

/**
 * The likeliest of `candidates`, with a certainty (0..1): how close its likelihood comes to the
 * unconstrained best path's, per character, and how far ahead of the runner-up it is.
 */
export function bestCandidate(out: TCtcOutput, candidates: readonly string[]): { text: string; certainty: number } | null {
  let best: { text: string; ll: number } | null = null;
  let second = -Infinity;
  for (const c of candidates) {
    const ll = textLogLikelihood(out, c);
    if (!best || ll > best.ll) {
      if (best) second = Math.max(second, best.ll);
      best = { text: c, ll };
    } else second = Math.max(second, ll);
  }
  if (!best || best.ll === -Infinity) return null;
  const n = Math.max(1, best.text.replace(/\s/g, '').length);
  const fit = Math.exp(Math.min(0, best.ll - bestPathLog(out)) / n);
  const margin = second === -Infinity ? 1 : 1 - Math.exp(Math.min(0, (second - best.ll) / n));
  return { text: best.text, certainty: Math.min(1, fit) * Math.min(1, 0.5 + margin) };
}

/**
 * Best-path decoding where the characters allowed at each step depend on the text so far
 * (`allowed(textSoFar)` lists them; a space is ' '). Returns the text and each character's probability.
 */
export function greedyDecode(out: TCtcOutput, allowed: (soFar: string) => string): { text: string; charScores: number[] } {
  let text = '';
  const charScores: number[] = [];
  let last = 0;
  let spaceSeen = 0;
  const space = indexOf(out.dictionary, ' ');
  for (let t = 0; t < out.steps; t++) {
    const chars = allowed(text);
    const options = [0, ...[...chars].map((c) => indexOf(out.dictionary, c)).filter((i) => i > 0)];
    // The model often prefers a blank to a space between words: a space it rated this likely counts.
    if (chars.includes(' ') && space > 0) spaceSeen = Math.max(spaceSeen, out.probs[t * out.classes + space] ?? 0);
    let best = 0;
    let bestP = -1;
    for (const k of options) {
      const p = out.probs[t * out.classes + k] ?? 0;
      if (p > bestP) [best, bestP] = [k, p];
    }
    if (best !== 0 && best !== last) {
      if (best !== space && text && !text.endsWith(' ') && spaceSeen > SPACE_HINT) {
        text += ' ';
        charScores.push(1);
      }
      if (best !== space || (text && !text.endsWith(' '))) {
        text += out.dictionary[best] ?? '';
        charScores.push(bestP);
      }
      spaceSeen = 0;
    }
    last = best;
  }
  const end = text.length - (text.length - text.trimEnd().length);
  return { text: text.slice(0, end), charScores: charScores.slice(0, end) };
}
