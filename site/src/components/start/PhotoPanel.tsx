import { useRef, useState, type DragEvent } from 'react';
import { ScanIcon, UploadIcon } from '../ui/icons.tsx';
import { ANALYSIS_STAGES, useAnalysisStage } from './analysis-stage.ts';

/** The picked photo, already scaled to 800 px JPEG. */
export interface TPhoto {
  dataUrl: string;
  name: string;
}

interface Props {
  photo: TPhoto | null;
  /** True once this photo was analyzed: Analyze becomes a secondary 'again' action. */
  analyzed: boolean;
  /** True while a picked file is being read and scaled. */
  reading: boolean;
  analyzing: boolean;
  onPick(file: File): void;
  onRemove(): void;
  onAnalyze(): void;
}

/**
 * Step 1 and 2 of the add flow: a drop zone / file picker ('JPG, PNG up to 10MB'), the preview,
 * and the Analyze button with a visible progress state while the analysis runs.
 */
export default function PhotoPanel({ photo, analyzed, reading, analyzing, onPick, onRemove, onAnalyze }: Props) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const stage = useAnalysisStage(analyzing);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onPick(file);
  };
  const dragProps = {
    onDragOver: (event: DragEvent) => {
      event.preventDefault();
      setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop,
  };

  const input = (
    <input
      // In the preview the Replace button opens the picker; the hidden input stays out of the tab order.
      tabIndex={photo ? -1 : undefined}
      ref={inputRef}
      id="card-photo"
      // Named in the preview too, where no label wraps it (axe: form fields have a label; docs/choices.md 47).
      aria-label={photo ? `Replace the photo (${photo.name})` : undefined}
      type="file"
      accept="image/*"
      className="sr-only"
      data-testid="photo-input"
      onChange={(event) => {
        const file = event.target.files?.[0];
        if (file) onPick(file);
        event.target.value = ''; // picking the same file again still fires a change
      }}
    />
  );

  return (
    <section className="panel photo-panel" aria-labelledby="photo-title">
      <div className="panel-head">
        <h2 id="photo-title" className="panel-title">
          Card photo
        </h2>
        {photo && !analyzing && (
          <div className="panel-tools">
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => inputRef.current?.click()}>
              Replace
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={onRemove}>
              Remove
            </button>
          </div>
        )}
      </div>

      {photo ? (
        <div className={`preview${analyzing ? ' is-scanning' : ''}${dragging ? ' is-dragging' : ''}`} {...dragProps}>
          {input}
          <img src={photo.dataUrl} alt={`Preview of ${photo.name}`} data-testid="photo-preview" />
          {analyzing && <span className="preview-beam" aria-hidden="true" />}
        </div>
      ) : (
        <label htmlFor="card-photo" className={`dropzone${dragging ? ' is-dragging' : ''}${reading ? ' is-reading' : ''}`} {...dragProps}>
          {input}
          <span className="dropzone-icon">{reading ? <span className="spinner" /> : <UploadIcon size={26} />}</span>
          <span className="dropzone-title">{reading ? 'Preparing your photo…' : 'Choose a photo of your card'}</span>
          <span className="dropzone-sub">or drag it here</span>
          <span className="dropzone-hint">JPG, PNG up to 10MB</span>
        </label>
      )}

      <button
        type="button"
        className={`btn btn-primary btn-block analyze-btn${analyzed && !analyzing ? ' is-again' : ''}`}
        onClick={onAnalyze}
        disabled={analyzing || reading}
        aria-describedby="analyze-help"
      >
        {analyzing ? <span className="spinner spinner-sm" aria-hidden="true" /> : <ScanIcon />}
        {analyzing ? 'Analyzing...' : 'Analyze'}
      </button>
      <div id="analyze-help" className="analyze-status" role="status" aria-live="polite">
        {analyzing ? (
          <div className="progress" data-testid="analysis-progress">
            <span className="progress-text">{ANALYSIS_STAGES[stage]}</span>
            <span className="progress-track">
              <span className="progress-bar" />
            </span>
          </div>
        ) : (
          <span className="muted">Optional: Ratio reads the grading label and fills in the details.</span>
        )}
      </div>
    </section>
  );
}
