import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { PenIcon } from '../ui/icons.tsx';
import { $collectionName, MAX_COLLECTION_NAME, setCollectionName } from '../../stores/gallery-settings.ts';

/**
 * The gallery title, editable inline (docs/product.md §2 /gallery): click or Enter to edit; Enter or blur
 * saves it locally; Escape cancels.
 */
export default function GalleryTitle() {
  const name = useStore($collectionName);
  const [draft, setDraft] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const editing = draft !== null;
  useEffect(() => {
    if (editing) inputRef.current?.select();
  }, [editing]);

  const save = () => {
    if (draft === null) return;
    setCollectionName(draft);
    setDraft(null);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') save();
    if (e.key === 'Escape') setDraft(null);
  };

  if (draft !== null) {
    return (
      <h1 className="gallery-title">
        <label className="sr-only" htmlFor="gallery-title-input">
          Gallery title
        </label>
        <input
          id="gallery-title-input"
          ref={inputRef}
          className="gallery-title-input"
          value={draft}
          maxLength={MAX_COLLECTION_NAME}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={save}
          onKeyDown={onKeyDown}
        />
      </h1>
    );
  }
  return (
    <h1 className="gallery-title">
      <button type="button" className="gallery-title-button" onClick={() => setDraft(name)} aria-label={`${name}, edit gallery title`}>
        <span>{name}</span>
        <PenIcon />
      </button>
    </h1>
  );
}
