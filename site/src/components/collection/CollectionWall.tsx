import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import {
  $anonymousCollection,
  $anonymousCollectionStatus,
  ANONYMOUS_CARD_LIMIT,
  initAnonymousCollection,
  removeAnonymousCard,
  type TAnonymousCard,
} from '../../stores/anonymous-collection.ts';
import ErrorBoundary from '../shell/ErrorBoundary.tsx';
import EditCardDialog from './EditCardDialog.tsx';
import FullWallCallout from './FullWallCallout.tsx';
import RegistryFigures from './RegistryFigures.tsx';
import UpgradeDialog from './UpgradeDialog.tsx';
import { EmptySlot, FilledSlot, LoadingSlot } from './WallSlot.tsx';
import { PlusIcon } from '../ui/icons.tsx';

/** True once, when the page was opened with ?showUpgrade=true; the parameter is then dropped. */
function takeShowUpgrade(): boolean {
  const url = new URL(window.location.href);
  if (url.searchParams.get('showUpgrade') !== 'true') return false;
  url.searchParams.delete('showUpgrade');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return true;
}

function Wall() {
  const cards = useStore($anonymousCollection);
  const status = useStore($anonymousCollectionStatus);
  const [editing, setEditing] = useState<TAnonymousCard | null>(null);
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const gridRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    initAnonymousCollection();
    if (takeShowUpgrade()) setUpgradeOpen(true);
  }, []);

  const onDelete = (card: TAnonymousCard, index: number) => {
    if (!removeAnonymousCard(card.id)) return;
    // Keep keyboard users in place: focus whatever now fills the same slot.
    requestAnimationFrame(() => {
      const slot = gridRef.current?.children[index];
      slot?.querySelector<HTMLElement>('a, button')?.focus();
    });
  };

  const ready = status === 'ready';
  const count = cards.length;
  const positions = Array.from({ length: ANONYMOUS_CARD_LIMIT }, (_, i) => i);

  return (
    <>
      <section className="registry" aria-labelledby="registry-title">
        <div className="registry-heading">
          <p className="eyebrow">Your wall · Saved in this browser</p>
          <h1 id="registry-title">Collection Registry</h1>
        </div>
        <RegistryFigures cards={ready ? cards : null} />
      </section>

      <section className="wall" aria-labelledby="wall-title">
        {/* The level between the page's h1 and each card's h3 (axe heading-order, docs/choices.md 47). */}
        <h2 id="wall-title" className="sr-only">
          Your cards
        </h2>
        <ol ref={gridRef} className="wall-grid" data-testid="wall" aria-busy={ready ? undefined : true}>
          {positions.map((index) => {
            const card = cards[index];
            return (
              <li key={card?.id ?? `slot-${index}`} className="wall-cell">
                {!ready ? (
                  <LoadingSlot />
                ) : card ? (
                  <FilledSlot card={card} position={index + 1} onEdit={setEditing} onDelete={(c) => onDelete(c, index)} />
                ) : (
                  <EmptySlot position={index + 1} />
                )}
              </li>
            );
          })}
        </ol>
      </section>

      {ready && count < ANONYMOUS_CARD_LIMIT && (
        <div className="wall-more">
          <a className="btn btn-primary" href="/start-collection">
            <PlusIcon />
            Add Another Card ({count}/{ANONYMOUS_CARD_LIMIT})
          </a>
          <p className="wall-more-note muted">
            {ANONYMOUS_CARD_LIMIT - count === 1 ? '1 free slot left.' : `${ANONYMOUS_CARD_LIMIT - count} free slots left.`} Your cards stay in this browser
            until you create an account.
          </p>
        </div>
      )}
      {ready && count >= ANONYMOUS_CARD_LIMIT && <FullWallCallout />}

      <EditCardDialog card={editing} onClose={() => setEditing(null)} />
      <UpgradeDialog open={upgradeOpen} onClose={() => setUpgradeOpen(false)} />
    </>
  );
}

/** The /collection island: the anonymous wall with its registry, slots and dialogs. */
export default function CollectionWall() {
  return (
    <ErrorBoundary>
      <Wall />
    </ErrorBoundary>
  );
}
