/** The choices of the card form's lists (core/cards/card-data.ts GRADERS, core/cards/rules.ts GRADE_STEPS). */
import { GRADERS, type TCardGrader } from '../../../../core/cards/card-data.ts';
import { GRADE_STEPS, gradeText } from '../../../../core/cards/rules.ts';

const GRADER_NAMES: Record<TCardGrader, string> = { PSA: 'PSA', BGS: 'BGS (Beckett)', SGC: 'SGC', CGC: 'CGC', other: 'Other grader', raw: 'Raw (ungraded)' };

/** Grader choices: none, the graders, another, raw. */
export const GRADER_OPTIONS: ReadonlyArray<readonly [string, string]> = [['', '—'], ...GRADERS.map((g) => [g, GRADER_NAMES[g]] as const)];
/** Grade choices, 10 down to 1 in half steps. */
export const GRADE_OPTIONS: ReadonlyArray<readonly [string, string]> = [['', '—'], ...GRADE_STEPS.map((g) => [gradeText(g), gradeText(g)] as const)];
/** Words offered for the qualifier: PSA's codes and the labels' other words. */
export const QUALIFIER_SUGGESTIONS = ['OC', 'ST', 'PD', 'OF', 'MK', 'MC', 'Authentic', 'Black Label'] as const;
