import Section from './Section.tsx';

/** The 'Legacy Account' card, shown only to grandfathered users (docs/product.md §2 /account, docs/choices.md 4). */
export default function LegacyAccountCard() {
  return (
    <Section title="Legacy Account" className="legacy-card">
      <p className="muted">
        You joined Ratio early, so your account keeps <strong className="text-strong">10 cards with every PRO feature</strong>: layouts, full gallery, registry
        mode and card swap. No subscription needed.
      </p>
      <span className="badge tone-success">LEGACY (10 CARDS)</span>
    </Section>
  );
}
