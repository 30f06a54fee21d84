import { valueStats } from '../../../../core/values.ts';
import { formatCents } from '../../../../core/format.ts';
import { ANONYMOUS_CARD_LIMIT, type TAnonymousCard } from '../../stores/anonymous-collection.ts';

interface Props {
  cards: readonly TAnonymousCard[] | null;
}

/**
 * The four figures of the 'Collection Registry' header (docs/product.md §2): Items, Avg Value (rounded mean,
 * $0 with no cards), Total Value and Slots n/3. Null cards (still loading) show placeholders.
 */
export default function RegistryFigures({ cards }: Props) {
  const stats = cards ? valueStats(cards.map((card) => card.userValue)) : null;
  const figures: [string, string, string][] = [
    ['Items', stats ? String(stats.count) : '–', 'items'],
    ['Avg Value', stats ? formatCents(stats.averageCents) : '–', 'avg-value'],
    ['Total Value', stats ? formatCents(stats.totalCents) : '–', 'total-value'],
    ['Slots', stats ? `${stats.count}/${ANONYMOUS_CARD_LIMIT}` : '–', 'slots'],
  ];
  return (
    <dl className="registry-figures" aria-busy={cards ? undefined : true}>
      {figures.map(([label, value, id]) => (
        <div className="registry-figure" key={id}>
          <dt>{label}</dt>
          <dd data-testid={`figure-${id}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
