import { useId } from 'react';
import { MAP_FIELDS, MAP_FIELD_LABELS, type TColumnMapping, type TMapField } from '../../../../../core/csv/layouts/map-fields.ts';
import type { TImportAnswer } from '../../../../../core/contracts/csv.types.ts';
import { mapColumn } from '../../../stores/card-csv.ts';

/** The fields the mapping step asks for first; the rest follow. */
const FIRST: readonly TMapField[] = ['subject', 'year', 'set', 'cardNumber', 'grader', 'grade', 'certNumber', 'value', 'cost'];
const ORDER = [...FIRST, ...MAP_FIELDS.filter((f) => !FIRST.includes(f))];

/**
 * The mapping step (docs/choices.md 40): for a file whose columns Ratio does not know, the collector says
 * which column holds each field (a guess from the column names is filled in); beside each choice,
 * what the file's first row holds there. Remembered for files with the same columns once imported.
 */
export default function MappingStep({ preview, mapping, problem }: { preview: TImportAnswer; mapping: TColumnMapping | null; problem?: string | undefined }) {
  const id = useId();
  const sampleOf = (column: string | undefined) => (column ? (preview.sample[preview.header.indexOf(column)] ?? '') : '');
  return (
    <div className="csv-mapping" data-testid="import-mapping">
      <p className="csv-intro">
        Ratio does not know this file's columns. Say which column holds each detail; leave out what the file does not have. The player (or the card's name) is
        needed.
      </p>
      {problem && (
        <p className="csv-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="csv-map-grid" role="group" aria-label="Which column holds what">
        {ORDER.map((field) => {
          const column = mapping?.[field];
          const sample = sampleOf(column);
          return (
            <div className="field csv-map-field" key={field}>
              <label htmlFor={`${id}-${field}`}>{MAP_FIELD_LABELS[field]}</label>
              <select
                id={`${id}-${field}`}
                value={column ?? ''}
                onChange={(e) => mapColumn(field, e.target.value)}
                aria-describedby={sample ? `${id}-${field}-sample` : undefined}
              >
                <option value="">— not in the file</option>
                {preview.header.map(
                  (name, i) =>
                    name && (
                      <option key={`${name}-${i}`} value={name}>
                        {name}
                      </option>
                    ),
                )}
              </select>
              {sample && (
                <span id={`${id}-${field}-sample`} className="csv-map-sample">
                  e.g. {sample}
                </span>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
