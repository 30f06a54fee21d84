import { describe, expect, it } from 'vitest';
import type { TCtcOutput } from './ctc.ts';
import { knownPlayer, nearNames, nearPlayer, snapNames } from './name-lexicon.ts';

const dictionary = ['', ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', ' '];

/** An output whose steps spell `spelt` ('_' a blank), each step's class at `p` and `alt` (one other letter per step) next. */
function output(spelt: string, p: number, alt: Record<number, [string, number]> = {}): TCtcOutput {
  const classes = dictionary.length;
  const probs = new Float32Array(spelt.length * classes);
  for (const [t, c] of [...spelt].entries()) {
    const k = c === '_' ? 0 : dictionary.indexOf(c);
    const other = alt[t];
    const rest = 1 - p - (other?.[1] ?? 0);
    for (let j = 0; j < classes; j++) probs[t * classes + j] = rest / (classes - 1);
    probs[t * classes + k] = p;
    if (other) probs[t * classes + dictionary.indexOf(other[0])] = other[1];
  }
  return { probs, steps: spelt.length, classes, dictionary };
}

describe('people names for a name line read from a few-pixel label', () => {
  it('finds the known names a few letters away from a word', () => {
    expect(nearNames('MATTINOLY')).toContain('MATTINGLY');
    expect(nearNames('JACKSON')[0]).toBe('JACKSON');
  });

  it("puts back the space between a two-letter first name and a surname read as one word, never after a surname's prefix", () => {
    const out = output('S_I_J_O_H_N_S_O_N', 0.9);
    const snapped = snapNames(out, 'SIJOHNSON', Array<number>(9).fill(0.9));
    expect(snapped.text).toBe('SI JOHNSON');
    expect(snapped.charScores).toHaveLength(10);
    // 'MC' + a surname is one surname; a later word is not split either.
    expect(snapNames(output('M_C_J_O_H_N_S_O_N', 0.9), 'MCJOHNSON', Array<number>(9).fill(0.9)).text).not.toBe('MC JOHNSON');
    expect(snapNames(output('D_O_N__S_I_J_O_H_N_S_O_N', 0.9), 'DON SIJOHNSON', Array<number>(13).fill(0.9)).text).not.toBe('DON SI JOHNSON');
  });

  it('takes a known name the output finds nearly as likely as the read, and keeps an unknown one read sure', () => {
    // 'MATTINOLY' read with the G (of MATTINGLY) close behind the O.
    const out = output('D_O_N__M_A_T_T__I_N_O_L_Y', 0.6, { 17: ['G', 0.3] });
    const snapped = snapNames(out, 'DON MATTINOLY', Array<number>(13).fill(0.6));
    expect(snapped.text).toBe('DON MATTINGLY');
    expect(snapped.charScores).toHaveLength(13);
    // A surname no list holds, read with every letter sure: kept as read.
    const sure = output('Q_U_X_B_R_Z_Y_K', 0.99);
    expect(snapNames(sure, 'QUXBRZYK', Array<number>(8).fill(0.99)).text).toBe('QUXBRZYK');
    // A word the label prints beside names ('HOLO', one letter from the name 'HOO'): kept.
    const holo = output('H_O_L_O', 0.5, { 4: ['O', 0.4] });
    expect(snapNames(holo, 'HOLO', Array<number>(4).fill(0.5)).text).toBe('HOLO');
  });

  it("corrects to well-known players' names and to the words labels print on a name line, and to two-letter first names", () => {
    expect(nearNames('MAICHAL')).toContain('MARICHAL');
    expect(nearNames('AOOKES')).toContain('ROOKIES');
    // 'ID' read where the output finds the E of 'ED' nearly as likely.
    const ed = output('I__D__M_A_T_H_E_W_S', 0.6, { 0: ['E', 0.35] });
    expect(snapNames(ed, 'ID MATHEWS', Array<number>(10).fill(0.6)).text).toBe('ED MATHEWS');
  });

  it('keeps the letters read when the only near name is of another length, and reads a dot between two long words as a space', () => {
    // 'RANEW' (no list holds it) read unsure: a correction keeps its five letters, never 'REW'.
    const out = output('R_A_N_E_W', 0.5);
    expect(snapNames(out, 'RANEW', Array<number>(5).fill(0.5)).text).toHaveLength(5);
    const dotted = output('Q_U_X_B_R__Z_Y_K_Q_W', 0.99);
    expect(snapNames(dotted, 'QUXBR.ZYKQW', Array<number>(11).fill(0.99)).text).toBe('QUXBR ZYKQW');
  });

  it("takes a known player's whole name for a line blurred past word-by-word correction, when the output supports it", () => {
    // 'WHMIY FORD': the first name three edits from WHITEY, the output finding its letters second.
    const out = output('W_H_M_I__Y__F_O_R_D', 0.6, { 4: ['I', 0.35], 6: ['T', 0.35], 8: ['E', 0.35] });
    expect(knownPlayer(out, 'WHMIY FORD')?.name).toBe('WHITEY FORD');
    expect(snapNames(out, 'WHMIY FORD', Array<number>(10).fill(0.6)).text).toBe('WHITEY FORD');
    // The same letters read sure, with nothing of WHITEY behind them: kept as read.
    const sure = output('W_H_M_I__Y__F_O_R_D', 0.99);
    expect(knownPlayer(sure, 'WHMIY FORD')).toBeNull();
    // A line far from every known name is never weighed.
    expect(nearPlayer('GREGOR ACRES', 'VICTOR ROBLES')).toBe(false);
    expect(nearPlayer('JOHN MEGRAGV', 'JOHN MCGRAW')).toBe(true);
  });

  it('lets a label word a letter away take the place of a rare name read for it', () => {
    // 'ROOKE' (a surname in the list) read where the output finds the I of ROOKIE nearly as likely.
    const out = output('R_O_O_K_I_E__S_T_A_R_S', 0.6, { 8: ['_', 0.35] });
    expect(snapNames(out, 'ROOKE STARS', Array<number>(11).fill(0.6)).text).toBe('ROOKIE STARS');
    // Read sure, the rare name stays.
    const sure = output('R_O_O_K_E__S_T_A_R_S', 0.99);
    expect(snapNames(sure, 'ROOKE STARS', Array<number>(11).fill(0.99)).text).toBe('ROOKE STARS');
  });
});
