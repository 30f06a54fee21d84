import { useStore } from '@nanostores/react';
import { useRef, useState, type ChangeEvent, type DragEvent, type KeyboardEvent } from 'react';
import { GRADERS } from '../../../../../core/cards/card-data.ts';
import { CARD_FORM_LABELS, type TCardFormKey } from '../../../../../core/cards/form.ts';
import { $photos, PHOTO_MAX, acceptPhoto, addPhotos, clearDone, editPhotoField, skipPhoto, type TPhotoEntry } from '../../../stores/bulk-intake.ts';
import { formatCount } from '../../../../../core/format.ts';

/** The fields the review grid shows for each photo (the rest are in the card's edit dialog). */
const FIELDS: readonly TCardFormKey[] = ['subject', 'year', 'set', 'cardNumber', 'variety', 'grader', 'grade', 'certNumber'];

function phaseText(p: TPhotoEntry): string {
  switch (p.phase) {
    case 'sending':
      return 'Sending…';
    case 'queued':
      return p.ahead ? `Waiting (${formatCount(p.ahead)} ahead)` : 'Waiting';
    case 'reading':
      return 'Reading the label…';
    case 'read':
      return p.doubtful.size > 0 ? `Read: check ${formatCount(p.doubtful.size)} field${p.doubtful.size === 1 ? '' : 's'}` : 'Read';
    case 'failed':
      return 'Not read';
    case 'saving':
      return 'Saving…';
    case 'accepted':
      return 'Saved';
    case 'skipped':
      return 'Skipped';
    case 'refused':
      return 'Not saved';
  }
}
const canAccept = (p: TPhotoEntry) => p.phase === 'read' || p.phase === 'failed' || p.phase === 'refused';
const canSkip = (p: TPhotoEntry) => p.phase !== 'accepted' && p.phase !== 'saving' && p.phase !== 'skipped';

/** By photo: pick or drop up to 50 photos; each is read in the background; review each card (A accept, F fix, S skip). */
export default function PhotoTab({ maxSlots }: { maxSlots: number }) {
  const photos = useStore($photos);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const [note, setNote] = useState('');
  const [over, setOver] = useState(false);

  const take = (files: FileList | null) => {
    if (!files?.length) return;
    void addPhotos(Array.from(files)).then(setNote);
  };
  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    take(e.target.files);
    e.target.value = '';
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    take(e.dataTransfer.files);
  };

  const rows = () => Array.from(list.current?.querySelectorAll<HTMLElement>('[data-photo-row]') ?? []);
  const focusRow = (i: number) => rows()[Math.max(0, Math.min(i, rows().length - 1))]?.focus();
  const nextOpen = (from: number) => {
    const all = $photos.get();
    const i = all.findIndex((p, n) => n > from && canSkip(p));
    focusRow(i >= 0 ? i : from);
  };
  const onRowKey = (e: KeyboardEvent<HTMLLIElement>, p: TPhotoEntry, index: number) => {
    if (e.target !== e.currentTarget) return;
    const key = e.key.toLowerCase();
    if (key === 'arrowdown' || key === 'j') {
      e.preventDefault();
      focusRow(index + 1);
    } else if (key === 'arrowup' || key === 'k') {
      e.preventDefault();
      focusRow(index - 1);
    } else if (key === 'a' && canAccept(p)) {
      e.preventDefault();
      void acceptPhoto(p.key, maxSlots).then((ok) => {
        if (ok) nextOpen(index);
      });
    } else if (key === 's' && canSkip(p)) {
      e.preventDefault();
      skipPhoto(p.key);
      nextOpen(index);
    } else if ((key === 'f' || key === 'enter') && canAccept(p)) {
      e.preventDefault();
      const row = e.currentTarget;
      (row.querySelector<HTMLElement>('.is-doubtful input, .is-doubtful select') ?? row.querySelector<HTMLElement>('input, select'))?.focus();
    }
  };
  const onFieldKey = (e: KeyboardEvent<HTMLElement>, p: TPhotoEntry, index: number) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      focusRow(index);
    } else if (e.key === 'Enter' && canAccept(p)) {
      e.preventDefault();
      void acceptPhoto(p.key, maxSlots).then((ok) => {
        if (ok) nextOpen(index);
      });
    }
  };

  const read = photos.filter((p) => p.phase !== 'sending' && p.phase !== 'queued' && p.phase !== 'reading').length;
  const saved = photos.filter((p) => p.phase === 'accepted').length;
  return (
    <div className="bulk-panel">
      <p className="bulk-intro">
        Pick or drop up to {PHOTO_MAX} photos of slabs (on a phone: from the camera roll). Each label is read in the background; check each card, then accept it
        (it is saved to your wall at once), fix it, or skip it.
      </p>
      <div
        className={`bulk-drop${over ? ' is-over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="bulk-drop"
      >
        <button type="button" className="btn btn-primary" onClick={() => input.current?.click()} data-testid="bulk-photos-pick">
          Choose photos
        </button>
        <span>or drop them here</span>
        <input
          ref={input}
          type="file"
          accept="image/*"
          multiple
          className="sr-only"
          onChange={onPick}
          data-testid="bulk-photos-input"
          tabIndex={-1}
          aria-hidden="true"
        />
      </div>
      {note && (
        <p className="bulk-problem" role="alert">
          {note}
        </p>
      )}
      {photos.length > 0 && (
        <>
          <div className="bulk-bar-row">
            <progress max={photos.length} value={read} aria-label="Photos read" />
            <span role="status" aria-live="polite" data-testid="bulk-photo-progress">
              {formatCount(read)} of {formatCount(photos.length)} read · {formatCount(saved)} saved
            </span>
            {photos.some((p) => p.phase === 'accepted' || p.phase === 'skipped') && (
              <button type="button" className="btn btn-sm" onClick={clearDone}>
                Clear done
              </button>
            )}
          </div>
          <p className="bulk-hint" id="bulk-keys">
            Keys on a photo: A accept · F fix · S skip · ↑↓ move. In a field: Enter accepts, Esc goes back.
          </p>
          <ol className="bulk-grid" ref={list} aria-describedby="bulk-keys" data-testid="bulk-review">
            {photos.map((p, index) => (
              <li
                key={p.key}
                tabIndex={0}
                data-photo-row
                className={`bulk-photo is-${p.phase}`}
                onKeyDown={(e) => onRowKey(e, p, index)}
                aria-label={`${p.file.name || 'Photo'}: ${phaseText(p)}`}
                data-testid="bulk-photo"
              >
                <img src={p.url} alt="" className="bulk-thumb" />
                <div className="bulk-photo-main">
                  <div className="bulk-photo-head">
                    <span className="bulk-name" title={p.file.name}>
                      {p.file.name || 'Photo'}
                    </span>
                    <span
                      className={`bulk-status is-${p.phase}${p.phase === 'read' && p.doubtful.size > 0 ? ' is-doubtful' : ''}`}
                      data-testid="bulk-photo-status"
                    >
                      {(p.phase === 'reading' || p.phase === 'sending' || p.phase === 'saving') && <span className="spinner bulk-spin" aria-hidden="true" />}
                      {phaseText(p)}
                    </span>
                  </div>
                  {(p.duplicateOf || p.certOnWall) && (
                    <p className="bulk-flag" data-testid="bulk-photo-flag">
                      {p.duplicateOf
                        ? `Duplicate: the same photo as ${p.duplicateOf}.`
                        : `Already on your wall: this cert is the card in slot ${p.certOnWall}.`}
                    </p>
                  )}
                  {p.message && !p.duplicateOf && <p className={`bulk-msg${p.phase === 'accepted' ? ' is-ok' : ''}`}>{p.message}</p>}
                  {canAccept(p) && (
                    <div className="bulk-fields">
                      {FIELDS.map((f) => {
                        const doubtful = p.doubtful.has(f);
                        const id = `${p.key}-${f}`;
                        return (
                          <label key={f} htmlFor={id} className={`bulk-field${doubtful ? ' is-doubtful' : ''}`}>
                            <span>
                              {CARD_FORM_LABELS[f]}
                              {doubtful && <em className="bulk-check"> check</em>}
                            </span>
                            {f === 'grader' ? (
                              <select
                                id={id}
                                value={p.form.grader}
                                onChange={(e) => editPhotoField(p.key, f, e.target.value)}
                                onKeyDown={(e) => onFieldKey(e, p, index)}
                              >
                                <option value="">—</option>
                                {GRADERS.map((g) => (
                                  <option key={g} value={g}>
                                    {g === 'raw' ? 'Raw' : g === 'other' ? 'Other' : g}
                                  </option>
                                ))}
                              </select>
                            ) : (
                              <input
                                id={id}
                                value={p.form[f]}
                                onChange={(e) => editPhotoField(p.key, f, e.target.value)}
                                onKeyDown={(e) => onFieldKey(e, p, index)}
                                aria-invalid={doubtful || undefined}
                                autoComplete="off"
                                spellCheck={false}
                              />
                            )}
                          </label>
                        );
                      })}
                    </div>
                  )}
                  {canSkip(p) && (
                    <div className="bulk-photo-actions">
                      <button
                        type="button"
                        className="btn btn-sm btn-primary"
                        disabled={!canAccept(p)}
                        onClick={() =>
                          void acceptPhoto(p.key, maxSlots).then((ok) => {
                            if (ok) nextOpen(index);
                            else focusRow(index);
                          })
                        }
                        data-testid="bulk-accept"
                      >
                        Accept
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm"
                        onClick={() => {
                          skipPhoto(p.key);
                          nextOpen(index);
                        }}
                        data-testid="bulk-skip"
                      >
                        Skip
                      </button>
                    </div>
                  )}
                </div>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
