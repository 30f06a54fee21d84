/**
 * The slab facts of a card (grader, grade, cert number) as the card's text carries them: Ratio
 * keeps a card as title and description (spec §3), and the description holds the condition the
 * analysis or the user wrote ('PSA 10 GEM MT', 'BGS 9.5 • Cert #0012345678'). One reading, used
 * by the export's columns and by the import's duplicate check.
 */
export interface TSlabFacts {
  grader: string | null;
  grade: string | null;
  certNumber: string | null;
}

const GRADER = /\b(PSA|BGS|SGC|CGC|BCCG|HGA|CSG)\b[ \t]*([^•·|\n]*)/i;
/** 'Cert #12345678', 'Cert No. 0012345678', 'certification number: 12345678'; never 'Certified Autograph'. */
const CERT = /\bcert(?:ificate|ification)?(?:\s*(?:number|no\.?))?\s*[#:]?\s*(\d[0-9A-Za-z-]{3,19})\b/i;

/** Reads grader, grade and cert number from a card's description (then its title); null where absent. */
export function slabFacts(description: string, title = ''): TSlabFacts {
  const text = `${description}\n${title}`;
  const graded = GRADER.exec(text);
  const cert = CERT.exec(text);
  const grade = graded?.[2]?.replace(CERT, '').trim() || null;
  return { grader: graded?.[1]?.toUpperCase() ?? null, grade, certNumber: cert?.[1] ?? null };
}

/** The description an imported PSA-style row gets: 'PSA <grade> • Cert #<number>' (parts present). */
export function slabDescription(grader: string, grade: string, certNumber: string): string {
  const graded = grade ? `${grader} ${grade.replace(new RegExp(`^${grader}\\s*`, 'i'), '')}` : certNumber ? grader : '';
  return [graded, certNumber ? `Cert #${certNumber}` : ''].filter(Boolean).join(' • ');
}
