import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { cardDataOf } from '../../../../core/cards/card-data.ts';
import { cardFacts } from '../../../../core/cards/facts.ts';
import { $cardList, closeDialog, openDialog, type TGalleryCard } from '../../stores/gallery.ts';
import { DIALOG_TITLE_ID } from './dialog-ids.ts';
import { cardName, slotLabel, valueText } from './format.ts';
import { formatShortDate } from '../../../../core/format.ts';
import CardValueHistory from './history/CardValueHistory.tsx';
import MarketValue from './market/MarketValue.tsx';
import NoPhoto from './NoPhoto.tsx';
import { ChevronIcon, CloseIcon, EditIcon, TrashIcon } from '../ui/icons.tsx';

/** Opens the viewer on the card `to` (disabled when there is none). */
function StepButton({ to, dir, label }: { to: TGalleryCard | undefined; dir: 'left' | 'right'; label: string }) {
  return (
    <button type="button" className="btn btn-sm" disabled={!to} onClick={() => to && openDialog({ kind: 'view', slot: to.slotNumber })} aria-label={label}>
      <ChevronIcon dir={dir} size={18} />
    </button>
  );
}

/**
 * The full-image viewer: the large image over the already-loaded thumbnail, the card's details
 * (its own fields, core/cards/facts.ts, with PSA's page of a PSA cert),
 * and the previous / next card (buttons or the arrow keys). Esc closes it (native dialog). For a
 * user who can edit, it also opens the card's edit and delete dialogs: the wall shows those buttons
 * only on the hovered or focused slot, so the viewer is where every user can find them.
 */
export default function ViewerDialog({ card, canEdit }: { card: TGalleryCard; canEdit: boolean }) {
  const list = useStore($cardList);
  const [loaded, setLoaded] = useState(false);
  const index = list.findIndex((c) => c.slotNumber === card.slotNumber);
  const prev = index > 0 ? list[index - 1] : undefined;
  const next = index >= 0 && index < list.length - 1 ? list[index + 1] : undefined;
  const name = cardName(card);
  const value = valueText(card.value, card.valueCents);
  const high = valueText(card.allTimeHigh, card.allTimeHighCents);
  const added = card.createdAt ? formatShortDate(card.createdAt) : null;
  const facts = cardFacts(cardDataOf(card), true);

  useEffect(() => setLoaded(false), [card.imageUrl]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowLeft' && prev) openDialog({ kind: 'view', slot: prev.slotNumber });
      if (e.key === 'ArrowRight' && next) openDialog({ kind: 'view', slot: next.slotNumber });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [prev, next]);

  return (
    <div className="g-viewer" data-testid="viewer">
      <button type="button" className="g-viewer-close" onClick={closeDialog} aria-label="Close viewer">
        <CloseIcon />
      </button>
      <figure className="g-viewer-figure">
        <div className={`g-viewer-stage${loaded ? ' is-loaded' : ''}`}>
          {card.thumbUrl && <img className="g-viewer-thumb" src={card.thumbUrl} alt="" aria-hidden="true" />}
          {card.imageUrl ? (
            <img className="g-viewer-image" src={card.imageUrl} alt={name} onLoad={() => setLoaded(true)} data-testid="viewer-image" />
          ) : (
            <NoPhoto card={card} large />
          )}
          {!loaded && card.imageUrl && <span className="spinner g-viewer-spinner" aria-hidden="true" />}
        </div>
        <figcaption className="g-viewer-caption">
          <p className="eyebrow g-eyebrow-accent">{slotLabel(card.slotNumber)}</p>
          <h2 id={DIALOG_TITLE_ID}>{name}</h2>
          {card.description && <p className="g-viewer-desc">{card.description}</p>}
          {added && <p className="g-viewer-added">Added {added}</p>}
          {facts.length > 0 && (
            <dl className="g-viewer-facts" data-testid="viewer-facts">
              {facts.map((f) => (
                <div key={f.label} className={f.text.length > 24 ? 'is-wide' : undefined}>
                  <dt>{f.label}</dt>
                  <dd>
                    {f.href ? (
                      <a href={f.href} target="_blank" rel="noopener noreferrer">
                        {f.text}
                      </a>
                    ) : (
                      f.text
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          )}
          <dl className="g-viewer-figures">
            <div>
              <dt>Value</dt>
              <dd>{value ?? '—'}</dd>
            </div>
            <div>
              <dt>All-Time High</dt>
              <dd>{high ?? '—'}</dd>
            </div>
          </dl>
          <MarketValue card={card} canEdit={canEdit} />
          <CardValueHistory card={card} />
          <div className="g-viewer-actions">
            <StepButton to={prev} dir="left" label="Previous card" />
            <StepButton to={next} dir="right" label="Next card" />
            {canEdit && (
              <>
                <button type="button" className="btn btn-sm" aria-haspopup="dialog" onClick={() => openDialog({ kind: 'edit', slot: card.slotNumber })}>
                  <EditIcon /> Edit
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-danger"
                  aria-haspopup="dialog"
                  onClick={() => openDialog({ kind: 'delete', slot: card.slotNumber })}
                >
                  <TrashIcon /> Delete
                </button>
              </>
            )}
          </div>
        </figcaption>
      </figure>
    </div>
  );
}
