import { useState } from 'react';
import { formatValueText } from '../../../../core/values.ts';
import type { TAnonymousCard } from '../../stores/anonymous-collection.ts';
import { EditIcon, MoreIcon, PlusIcon, TrashIcon } from '../ui/icons.tsx';

interface FilledProps {
  card: TAnonymousCard;
  position: number;
  onEdit(card: TAnonymousCard): void;
  onDelete(card: TAnonymousCard): void;
}

/** How a card is named to assistive technology and in the placard when fields are empty. */
export function cardLabel(card: Pick<TAnonymousCard, 'player' | 'year'>): string {
  const name = card.player || 'Untitled card';
  return card.year ? `${name} (${card.year})` : name;
}

function valueBadge(userValue: string): { text: string; unvalued: boolean } {
  const formatted = formatValueText(userValue);
  if (formatted) return { text: formatted, unvalued: false };
  return userValue ? { text: userValue, unvalued: false } : { text: 'No value', unvalued: true };
}

/**
 * A hung card (docs/product.md §2): image, value badge, player, year, brand and condition, with edit and
 * delete buttons that appear on hover and on keyboard focus. Touch screens have no hover: there a
 * small corner button reveals them, so they never sit over the photo uninvited.
 */
export function FilledSlot({ card, position, onEdit, onDelete }: FilledProps) {
  const label = cardLabel(card);
  const badge = valueBadge(card.userValue);
  const titleId = `slot-${position}-title`;
  const actionsId = `slot-${position}-actions`;
  const [revealed, setRevealed] = useState(false);
  return (
    <article
      className={`slot slot-filled${revealed ? ' is-revealed' : ''}`}
      aria-labelledby={titleId}
      data-testid="filled-slot"
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setRevealed(false);
      }}
    >
      <div className="frame">
        <div className="frame-mat">
          {card.image ? (
            <img src={card.image} alt={`Photo of ${label}`} loading="lazy" decoding="async" />
          ) : (
            <div className="frame-missing">Image unavailable</div>
          )}
        </div>
        <span className={`value-badge${badge.unvalued ? ' is-unvalued' : ''}`} data-testid="value-badge">
          {badge.text}
        </span>
        <button
          type="button"
          className="slot-reveal"
          aria-label={`Actions for ${label}`}
          aria-expanded={revealed}
          aria-controls={actionsId}
          onClick={() => setRevealed((r) => !r)}
        >
          <MoreIcon />
        </button>
        <div className="slot-actions" id={actionsId}>
          <button type="button" className="slot-action" onClick={() => onEdit(card)} aria-label={`Edit ${label}`} title="Edit">
            <EditIcon />
          </button>
          <button type="button" className="slot-action is-danger" onClick={() => onDelete(card)} aria-label={`Delete ${label}`} title="Delete">
            <TrashIcon />
          </button>
        </div>
      </div>
      <div className="placard">
        <span className="placard-no">No. {String(position).padStart(2, '0')}</span>
        <h3 id={titleId} className="placard-player">
          {card.player || 'Untitled card'}
        </h3>
        <p className="placard-meta">{[card.year, card.brand].filter(Boolean).join(' · ') || 'Year and brand not set'}</p>
        <p className="placard-condition">{card.condition || 'Condition not set'}</p>
      </div>
    </article>
  );
}

/** An open slot (docs/product.md §2): 'SLOT n / Click to add', leading to /start-collection. */
export function EmptySlot({ position }: { position: number }) {
  return (
    <a className="slot slot-empty" href="/start-collection" data-testid="empty-slot">
      <span className="frame frame-empty">
        <span className="empty-plus">
          <PlusIcon size={26} />
        </span>
        <span className="empty-label">SLOT {position}</span>
        <span className="empty-hint">Click to add</span>
      </span>
      <span className="placard placard-empty" aria-hidden="true">
        <span className="placard-no">No. {String(position).padStart(2, '0')}</span>
        <span className="placard-line" />
        <span className="placard-line short" />
      </span>
    </a>
  );
}

/** The shape of a slot while the browser storage is read. */
export function LoadingSlot() {
  return (
    <div className="slot slot-loading" aria-hidden="true">
      <div className="frame">
        <div className="frame-mat shimmer" />
      </div>
      <div className="placard">
        <span className="placard-line" />
        <span className="placard-line short" />
      </div>
    </div>
  );
}
