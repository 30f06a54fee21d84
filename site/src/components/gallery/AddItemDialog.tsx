import { useEffect, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { NO_CARD_DATA } from '../../../../core/cards/card-data.ts';
import { EMPTY_CARD_FORM, readCardForm } from '../../../../core/cards/form.ts';
import { checkImageFile } from '../../lib/image.ts';
import { $upload, closeDialog, closeDialogIf, uploadCard, type TCardFormFields } from '../../stores/gallery.ts';
import CardFields from './CardFields.tsx';
import { DIALOG_TITLE_ID, focusSlot } from './dialog-ids.ts';
import { slotLabel } from './format.ts';
import { ScanIcon, UploadIcon } from '../ui/icons.tsx';
import { useAnalysis } from './useAnalysis.ts';
import { ANALYSIS_STAGES } from '../start/analysis-stage.ts';
import { BARCODE_NOTE } from '../start/analysis.ts';
import DialogFormActions from '../ui/DialogFormActions.tsx';

const EMPTY: TCardFormFields = { ...EMPTY_CARD_FORM, value: '', allTimeHigh: '' };
const NEW_CARD = { title: '', description: '', data: NO_CARD_DATA };

const PROBLEMS = {
  type: 'Only image files can be added: JPG, PNG, WebP or HEIC.',
  size: 'This image is larger than 10MB. Please choose a smaller one.',
  missing: 'Choose a photo of your card to add it.',
} as const;

/**
 * The add-item dialog (docs/product.md §4 add-item flow): pick an image (required, image files only),
 * optionally analyse it to fill the card's fields (the cert included; the title and description
 * follow from them), edit the fields, then upload with a determinate progress bar. A field that
 * breaks a rule is named under it and nothing is sent.
 */
export default function AddItemDialog({ slot }: { slot: number }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [previewFailed, setPreviewFailed] = useState(false);
  const [fields, setFields] = useState<TCardFormFields>(EMPTY);
  const [autofilled, setAutofilled] = useState<ReadonlySet<keyof TCardFormFields>>(new Set());
  const [unsure, setUnsure] = useState<ReadonlySet<keyof TCardFormFields>>(new Set());
  // The cert filled from the label's barcode (docs/choices.md 50), said under its field until edited.
  const [certFromBarcode, setCertFromBarcode] = useState(false);
  const [problem, setProblem] = useState<keyof typeof PROBLEMS | null>(null);
  const [checked, setChecked] = useState(false);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useStore($upload);
  const uploading = upload?.slot === slot;
  const percent = uploading ? Math.round(upload.progress * 100) : 0;

  const analysis = useAnalysis(({ fill, doubtful, certFromBarcode: fromBarcode }) => {
    setFields((current) => ({ ...current, ...fill }));
    setAutofilled(new Set(Object.keys(fill) as Array<keyof TCardFormFields>));
    setUnsure(new Set(doubtful));
    setCertFromBarcode(fromBarcode);
  });
  const problems = checked ? readCardForm(fields).problems : {};

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const pick = (picked: File | undefined) => {
    if (!picked) return;
    const bad = checkImageFile(picked);
    if (bad) {
      setProblem(bad);
      return;
    }
    analysis.reset();
    setUnsure(new Set());
    setCertFromBarcode(false);
    setProblem(null);
    setFile(picked);
    setPreviewFailed(false);
    setPreview(URL.createObjectURL(picked));
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    pick(event.dataTransfer.files[0]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (uploading) return;
    if (!file) {
      setProblem('missing');
      inputRef.current?.focus();
      return;
    }
    setChecked(true);
    if (Object.keys(readCardForm(fields).problems).length > 0) return;
    if (await uploadCard(slot, file, fields)) {
      closeDialogIf('add', slot);
      focusSlot(slot);
    }
  };

  const busy = uploading || analysis.running;

  return (
    <form className="g-form" onSubmit={submit} noValidate>
      <div className="dialog-head">
        <p className="eyebrow g-eyebrow-accent">{slotLabel(slot)}</p>
        <h2 id={DIALOG_TITLE_ID}>Add Item</h2>
      </div>
      <div className="g-add-grid">
        <div className="g-photo">
          <input
            ref={inputRef}
            id="add-photo"
            type="file"
            accept="image/*"
            className="sr-only"
            aria-describedby="add-photo-hint add-photo-problem"
            // Named once a photo is picked too, where its label holds only the preview (axe: label-title-only).
            aria-label={file ? `Replace the photo (${file.name})` : undefined}
            onChange={(e) => {
              pick(e.target.files?.[0]);
              e.target.value = '';
            }}
            disabled={uploading}
            data-testid="add-photo-input"
          />
          <label
            htmlFor="add-photo"
            className={`g-drop${preview ? ' has-photo' : ''}${dragging ? ' is-dragging' : ''}${analysis.running ? ' is-scanning' : ''}`}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            {preview && !previewFailed ? (
              <img src={preview} alt="Preview of the chosen photo" onError={() => setPreviewFailed(true)} data-testid="add-preview" />
            ) : (
              <>
                <span className="g-drop-icon">
                  <UploadIcon size={24} />
                </span>
                <span className="g-drop-title">{file ? file.name : 'Choose a photo'}</span>
                <span className="g-drop-sub">{file ? 'Ready to upload' : 'or drag it here'}</span>
              </>
            )}
            {analysis.running && <span className="g-beam" aria-hidden="true" />}
          </label>
          <p id="add-photo-hint" className="field-hint">
            JPG, PNG up to 10MB{file ? ' · click the photo to replace it' : ''}
          </p>
          <p id="add-photo-problem" className="g-problem" role="alert">
            {problem ? PROBLEMS[problem] : ''}
          </p>
          {/* aria-disabled, not disabled, while busy: a disabled button drops keyboard focus to the page,
              and Esc then no longer reaches the dialog (docs/choices.md 47). */}
          <button
            type="button"
            className="btn btn-block g-analyze"
            onClick={() => {
              if (!busy) void analysis.analyze(file);
            }}
            aria-disabled={busy || undefined}
          >
            {analysis.running ? <span className="spinner g-spinner-sm" aria-hidden="true" /> : <ScanIcon />}
            {analysis.running ? 'Analyzing...' : 'Analyze Card'}
          </button>
          <div className="g-analysis-status" role="status" aria-live="polite">
            {analysis.running ? (
              <div className="g-progress" data-testid="analysis-progress">
                <span className="g-progress-text">{ANALYSIS_STAGES[analysis.stage]}</span>
                <span className="g-progress-track is-indeterminate">
                  <span />
                </span>
              </div>
            ) : (
              <span className="field-hint">Optional: Ratio reads the grading label and fills in the card's details.</span>
            )}
          </div>
        </div>
        <CardFields
          before={NEW_CARD}
          problems={problems}
          fields={fields}
          onChange={(next) => {
            // A field the user has edited is theirs: it is no longer marked as doubtful, nor said to be read.
            setUnsure((marked) => new Set([...marked].filter((k) => next[k] === fields[k])));
            if (next.certNumber !== fields.certNumber) setCertFromBarcode(false);
            setFields(next);
          }}
          autofilled={autofilled}
          unsure={unsure}
          notes={certFromBarcode ? { certNumber: BARCODE_NOTE } : {}}
          disabled={uploading}
        />
      </div>
      {uploading && (
        <div className="g-progress g-upload-progress" data-testid="upload-progress">
          <span className="g-progress-text">{percent < 100 ? `Uploading… ${percent}%` : 'Processing photo…'}</span>
          <span className="g-progress-track" role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
            <span style={{ width: `${percent}%` }} />
          </span>
        </div>
      )}
      <DialogFormActions onCancel={closeDialog} disabled={busy}>
        {uploading ? 'Uploading...' : 'Add to Gallery'}
      </DialogFormActions>
    </form>
  );
}
