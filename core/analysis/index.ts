/** Card analysis domain: result types, slab-label parsing, confidence and form autofill. Pure. */
export * from './types.ts';
export { parseLabel } from './parse-label.ts';
export { labelConfidence, FIELD_WEIGHTS, ANALYSIS_UNSURE, ANALYSIS_LOW_CONFIDENCE } from './confidence.ts';
export { analysisFromLabel, formatCondition, gradeDetailsFor, certificationUrlFor, cardNameOf } from './build-analysis.ts';
export type { TGradeParts } from './build-analysis.ts';
export { cardAutofill, collectionFieldsFromAnalysis, doubtfulAutofill } from './autofill.ts';
export { readLabelLayout, labelColumns } from './label-layout.ts';
export type { TTextBox, TLayoutRead } from './label-layout.ts';
export { analysisFromLayout } from './layout-analysis.ts';
export type { TAutofillSource } from './autofill.ts';
export { levelForGrade, levelForName, nameOf, describeGrade } from './grade-scale.ts';
export { mergePsaCert, psaCertMatches } from './psa-cert.ts';
export type { TPsaCert } from './psa-cert.ts';
