import { shortGrade } from '../../../../core/cards/grade.ts';
import './no-photo.css';
import type { TGalleryCard } from '../../stores/gallery.ts';

type TNoPhotoCard = Pick<TGalleryCard, 'grader' | 'grade' | 'title'> & { year?: string | null };

function noPhotoParts(card: TNoPhotoCard) {
  const grade = shortGrade({ grader: card.grader ?? null, grade: card.grade ?? null }) || null;
  const title = card.title.trim();
  const year = card.year?.trim() && !title.includes(card.year.trim()) ? card.year.trim() : null;
  return { grade, title, year };
}

/**
 * What the placeholder reads, in its order ('PSA 8 1986 Fleer Michael Jordan #57 No photo yet'): a
 * button drawn around it carries these words in its name, so speech input finds it by what it shows.
 */
export function noPhotoText(card: TNoPhotoCard): string {
  const { grade, title, year } = noPhotoParts(card);
  return [grade, title, year, 'No photo yet'].filter(Boolean).join(' ');
}

/**
 * The placeholder of a card without a photo (an imported row, a transferred card whose photo was
 * blank), read like a placard (docs/choices.md 47): a slab outline, the card's grade when it has one
 * ('PSA 10'), its title, its year when the title does not already say it, and 'No photo yet'.
 */
export default function NoPhoto({ card, large = false }: { card: TNoPhotoCard; large?: boolean }) {
  const { grade, title, year } = noPhotoParts(card);
  return (
    <span className={`g-nophoto${large ? ' is-large' : ''}`} data-testid="no-photo">
      <svg viewBox="0 0 40 56" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.4">
        <rect x="2" y="2" width="36" height="52" rx="3" />
        <rect x="6" y="6" width="28" height="9" rx="1.5" />
        <rect x="8" y="19" width="24" height="31" rx="1.5" strokeDasharray="2.5 2.5" />
      </svg>
      {/* The spaces between the lines keep the words apart in the text of a button around it (a flex column ignores them). */}
      {grade && <span className="g-nophoto-grade">{grade}</span>}{' '}
      {title && !large && (
        <span className="g-nophoto-title" data-testid="no-photo-title">
          {title}
        </span>
      )}{' '}
      {year && !large && <span className="g-nophoto-year">{year}</span>} <span className="g-nophoto-text">No photo yet</span>
    </span>
  );
}
