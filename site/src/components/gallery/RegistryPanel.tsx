import type { TRegistryFigures } from '../../../../core/gallery.ts';
import { formatCents } from '../../../../core/format.ts';

/**
 * The COLLECTION REGISTRY panel of REGISTRY MODE (docs/product.md §2): ACQUISITIONS, AVG VALUE,
 * TOTAL VALUE (n VALUED), ALL-TIME HIGH (n TRACKED) and COMPLETION %.
 */
export default function RegistryPanel({ figures }: { figures: TRegistryFigures }) {
  const rows: Array<{ label: string; value: string; testId: string }> = [
    { label: 'ACQUISITIONS', value: String(figures.acquisitions), testId: 'registry-acquisitions' },
    { label: 'AVG VALUE', value: formatCents(figures.averageCents), testId: 'registry-average' },
    { label: `TOTAL VALUE (${figures.valued} VALUED)`, value: formatCents(figures.totalCents), testId: 'registry-total' },
    { label: `ALL-TIME HIGH (${figures.tracked} TRACKED)`, value: formatCents(figures.allTimeHighCents), testId: 'registry-high' },
  ];
  return (
    <section className="g-panel g-registry" aria-labelledby="registry-title" data-testid="registry-panel">
      <h2 id="registry-title" className="g-panel-title">
        COLLECTION REGISTRY
      </h2>
      <dl className="g-figures">
        {rows.map((row) => (
          <div className="g-figure" key={row.testId}>
            <dt>{row.label}</dt>
            <dd data-testid={row.testId}>{row.value}</dd>
          </div>
        ))}
        <div className="g-figure is-accent">
          <dt>COMPLETION %</dt>
          <dd data-testid="registry-completion">{figures.completionPercent}%</dd>
          <span className="g-meter" aria-hidden="true">
            <span style={{ width: `${figures.completionPercent}%` }} />
          </span>
        </div>
      </dl>
    </section>
  );
}
