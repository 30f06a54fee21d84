import type { Knex } from 'knex';
import { GRADERS } from '../../core/cards/card-data.ts';
import { cardDataFromText } from '../../core/cards/from-text.ts';

/** Tables this migration creates, which its `down` drops (ratio db rollback asks before dropping rows). */
export const tables: readonly string[] = [];

const COLUMNS = [
  'grader',
  'grade',
  'qualifier',
  'subgrades',
  'cert_number',
  'year',
  'set',
  'card_number',
  'subject',
  'variety',
  'sport',
  'serial',
  'autograph_grade',
  'cost_cents',
  'acquired_on',
  'source',
  'notes',
] as const;

/** Rows read and written per statement while moving the cards' text into their fields. */
const BATCH = 500;

/**
 * Moves the cards made so far into their fields (docs/choices.md 39): each card's title and description
 * are read by core/cards/from-text.ts; the text itself is kept as it is. A cert seen twice in one
 * gallery stays on its first card only (a cert is unique per account); the others keep it in notes.
 */
export async function backfillCardFields(knex: Knex): Promise<void> {
  let after = 0;
  const seen = new Set<string>();
  for (;;) {
    // Column names come back camelCased (knexSnakeCaseMappers on every connection).
    const rows: Array<{ id: number; userId: number; title: string; description: string; transferKey: string | null }> = await knex('card_slots')
      .select('id', 'userId', 'title', 'description', 'transferKey')
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH);
    if (rows.length === 0) return;
    after = Number(rows.at(-1)!.id);
    const values = rows.map((r) => {
      const d = cardDataFromText(r.title, r.description, r.transferKey !== null);
      const key = `${r.userId}:${d.certNumber}`;
      if (d.certNumber !== null && seen.has(key)) {
        d.notes = [d.notes, `Cert #${d.certNumber}`].filter(Boolean).join(' • ');
        d.certNumber = null;
      }
      if (d.certNumber !== null) seen.add(key);
      return [
        Number(r.id),
        d.grader,
        d.grade,
        d.qualifier,
        d.subgrades && JSON.stringify(d.subgrades),
        d.certNumber,
        d.year,
        d.set,
        d.cardNumber,
        d.subject,
        d.variety,
        d.sport,
        d.serial,
        d.autographGrade,
        d.costCents,
        d.acquiredOn,
        d.source,
        d.notes,
      ];
    });
    const row = '(?::bigint, ?, ?::real, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?, ?, ?::real, ?::bigint, ?, ?, ?)';
    await knex.raw(
      `UPDATE card_slots AS c SET ${COLUMNS.map((col) => `"${col}" = v."${col}"`).join(', ')}
       FROM (VALUES ${values.map(() => row).join(', ')}) AS v(id, ${COLUMNS.map((c) => `"${c}"`).join(', ')})
       WHERE c.id = v.id`,
      values.flat(),
    );
  }
}

/**
 * A card's own fields (docs/choices.md 39) beside the spec's text: grader, grade (half steps), qualifier,
 * BGS subgrades, cert number (unique per account), year, set, card number, subject, variety, sport,
 * serial, autograph grade, and what the collector paid (cost in cents, date, source, notes).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('card_slots', (t) => {
    t.text('grader').comment(`${GRADERS.join(', ')}; null when not known`);
    t.float('grade').comment('1 to 10 in half steps');
    t.text('qualifier').comment("PSA's OC/ST/PD/OF/MK/MC, Authentic, Black Label, or a raw card's condition");
    t.jsonb('subgrades').comment('BGS subgrades: { centering, corners, edges, surface }, each a grade or null');
    t.text('cert_number').comment('Digits as printed, leading zeros kept; unique per user');
    t.text('year').comment("'2018' or a season '2018-19'");
    t.text('set').comment('Brand and set line');
    t.text('card_number').comment("As printed, without '#'");
    t.text('subject').comment('Player or players');
    t.text('variety');
    t.text('sport').comment('Sport or category');
    t.text('serial').comment("Print run number, e.g. '570/999'");
    t.float('autograph_grade');
    t.bigInteger('cost_cents').comment('What the collector paid');
    t.text('acquired_on').comment('YYYY-MM-DD');
    t.text('source');
    t.text('notes');
    t.unique(['user_id', 'cert_number'], { indexName: 'card_slots_user_cert_unique' });
  });
  await knex.raw(`ALTER TABLE card_slots
    ADD CONSTRAINT card_slots_grader_check CHECK (grader IN (${GRADERS.map((g) => `'${g}'`).join(', ')})),
    ADD CONSTRAINT card_slots_grade_check CHECK (grade BETWEEN 1 AND 10 AND grade * 2 = floor(grade * 2)),
    ADD CONSTRAINT card_slots_acquired_on_check CHECK (acquired_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')`);
  await backfillCardFields(knex);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    'ALTER TABLE card_slots DROP CONSTRAINT card_slots_grader_check, DROP CONSTRAINT card_slots_grade_check, DROP CONSTRAINT card_slots_acquired_on_check',
  );
  await knex.schema.alterTable('card_slots', (t) => {
    t.dropUnique(['user_id', 'cert_number'], 'card_slots_user_cert_unique');
    for (const column of COLUMNS) t.dropColumn(column);
  });
}
