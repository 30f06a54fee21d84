import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { doubtfulAutofill } from '../../../../core/analysis/autofill.ts';
import { callApi } from '../../lib/api.ts';
import * as API from '../../../../core/contracts/api.ts';
import { checkImageFile, encodeImage } from '../../lib/image.ts';
import {
  $anonymousCollection,
  $anonymousCollectionStatus,
  ANONYMOUS_CARD_LIMIT,
  UPGRADE_URL,
  EMPTY_CARD_FIELDS,
  addAnonymousCard,
  initAnonymousCollection,
  type TAnonymousCardFields,
} from '../../stores/anonymous-collection.ts';
import { flashToast, toast } from '../../stores/toast.ts';
import ErrorBoundary from '../shell/ErrorBoundary.tsx';
import AnalysisResult from './AnalysisResult.tsx';
import DemoFlow from './DemoFlow.tsx';
import DetailsForm from './DetailsForm.tsx';
import PhotoPanel, { type TPhoto } from './PhotoPanel.tsx';
import Stepper from './Stepper.tsx';
import { analysisCompleteToast, analysisErrorToast, BARCODE_NOTE, fieldsFromAnalysis, readAnalysis, type TAnalysisView } from './analysis.ts';

type TAnalysis = { status: 'idle' } | { status: 'running' } | { status: 'done'; result: TAnalysisView } | { status: 'failed' };

const EMPTY_FIELDS: TAnonymousCardFields = EMPTY_CARD_FIELDS;

function Flow() {
  const cards = useStore($anonymousCollection);
  const loaded = useStore($anonymousCollectionStatus) === 'ready';
  const [photo, setPhoto] = useState<TPhoto | null>(null);
  const [reading, setReading] = useState(false);
  const [analysis, setAnalysis] = useState<TAnalysis>({ status: 'idle' });
  const [fields, setFields] = useState<TAnonymousCardFields>(EMPTY_FIELDS);
  const [autofilled, setAutofilled] = useState<ReadonlySet<keyof TAnonymousCardFields>>(new Set());
  const [unsure, setUnsure] = useState<ReadonlySet<keyof TAnonymousCardFields>>(new Set());
  // The cert filled from the label's barcode (docs/choices.md 50), said under its field until edited.
  const [certFromBarcode, setCertFromBarcode] = useState(false);
  const [edited, setEdited] = useState(false);
  const [saving, setSaving] = useState(false);
  // Answers of a superseded analysis (the photo was replaced meanwhile) are ignored.
  const analysisRun = useRef(0);

  useEffect(() => initAnonymousCollection(), []);

  const pick = async (file: File) => {
    const problem = checkImageFile(file);
    if (problem === 'type') {
      toast({ title: 'Invalid File', description: 'Please choose an image file (JPG or PNG).', variant: 'error' });
      return;
    }
    if (problem === 'size') {
      toast({ title: 'File Too Large', description: 'Please choose an image up to 10MB.', variant: 'error' });
      return;
    }
    setReading(true);
    try {
      const dataUrl = await encodeImage(file);
      analysisRun.current++;
      setPhoto({ dataUrl, name: file.name });
      setAnalysis({ status: 'idle' });
      setAutofilled(new Set());
      setUnsure(new Set());
      setCertFromBarcode(false);
    } catch {
      toast({ title: 'Image Error', description: 'Failed to read image file', variant: 'error' });
    } finally {
      setReading(false);
    }
  };

  const remove = () => {
    analysisRun.current++;
    setPhoto(null);
    setAnalysis({ status: 'idle' });
    setAutofilled(new Set());
    setUnsure(new Set());
    setCertFromBarcode(false);
  };

  const analyze = async () => {
    if (!photo) {
      toast({ title: 'No Image Selected', description: 'Please select an image to analyze', variant: 'error' });
      return;
    }
    const run = ++analysisRun.current;
    setAnalysis({ status: 'running' });
    try {
      const answer = await callApi(API.analyzeCard, { body: { image: photo.dataUrl } });
      if (run !== analysisRun.current) return;
      const result = readAnalysis(answer);
      // Functional update: whatever was typed while the analysis ran is respected.
      setFields((current) => fieldsFromAnalysis(current, result));
      const filled = fieldsFromAnalysis(EMPTY_FIELDS, result);
      setAutofilled(new Set((Object.keys(filled) as (keyof TAnonymousCardFields)[]).filter((key) => filled[key] !== '')));
      const doubtful = doubtfulAutofill({ ...result, certNumber: result.card.certNumber });
      setUnsure(new Set((['player', 'year', 'brand', 'condition', 'certNumber'] as const).filter((key) => doubtful[key])));
      setCertFromBarcode(result.certFromBarcode && filled.certNumber !== '');
      setAnalysis({ status: 'done', result });
      toast(analysisCompleteToast(result));
    } catch (err) {
      if (run !== analysisRun.current) return;
      setAnalysis({ status: 'failed' });
      toast(analysisErrorToast(err));
    }
  };

  const change = (name: keyof TAnonymousCardFields, value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    // A field the visitor has edited is theirs: it is no longer marked as doubtful.
    setUnsure((marked) => new Set([...marked].filter((key) => key !== name)));
    if (name === 'certNumber') setCertFromBarcode(false);
    setEdited(true);
  };

  const save = async () => {
    if (!photo) {
      toast({ title: 'No Image Selected', description: 'Please select an image of your card to save it', variant: 'error' });
      return;
    }
    setSaving(true);
    const outcome = await addAnonymousCard({ image: photo.dataUrl, ...fields });
    if (outcome.ok) {
      const name = outcome.card.player || 'Your card';
      flashToast({ title: 'Card Saved', description: `${name} is on your wall.`, variant: 'success' });
      window.location.assign('/collection');
      return;
    }
    // At the limit the store has already sent the visitor on; other failures were toasted.
    if (outcome.reason !== 'limit') setSaving(false);
  };

  const full = loaded && cards.length >= ANONYMOUS_CARD_LIMIT;
  const analyzing = analysis.status === 'running';
  const done = [photo !== null, analysis.status === 'done', false];
  const current = !photo ? 0 : analysis.status === 'done' || edited ? 2 : 1;

  const slotNote = !photo
    ? 'Add a photo to save this card.'
    : full
      ? `All ${ANONYMOUS_CARD_LIMIT} free slots are filled.`
      : loaded
        ? `Goes into slot ${cards.length + 1} of ${ANONYMOUS_CARD_LIMIT}.`
        : '';

  return (
    <div className="start-flow">
      <Stepper current={current} done={done} />
      {full && (
        <div className="full-notice" role="note">
          <strong>Your {ANONYMOUS_CARD_LIMIT} free slots are full.</strong> You can still analyze a card; saving more needs PRO.{' '}
          <a href={UPGRADE_URL}>See your options</a>
        </div>
      )}
      <div className="start-grid">
        <PhotoPanel
          photo={photo}
          analyzed={analysis.status === 'done'}
          reading={reading}
          analyzing={analyzing}
          onPick={pick}
          onRemove={remove}
          onAnalyze={analyze}
        />
        {photo ? (
          <DetailsForm
            fields={fields}
            autofilled={autofilled}
            unsure={unsure}
            notes={certFromBarcode ? { certNumber: BARCODE_NOTE } : {}}
            onChange={change}
            onSubmit={save}
            canSave={!saving && !analyzing}
            saving={saving}
            slotNote={slotNote}
          >
            {analysis.status === 'done' && <AnalysisResult result={analysis.result} />}
            {analysis.status === 'failed' && <p className="result-warning">The analysis did not finish. Try again, or fill in the details yourself.</p>}
          </DetailsForm>
        ) : (
          <DemoFlow />
        )}
      </div>
    </div>
  );
}

/** The /start-collection island: pick a photo, optionally analyse it, edit the fields, save. */
export default function StartCollection() {
  return (
    <ErrorBoundary>
      <Flow />
    </ErrorBoundary>
  );
}
