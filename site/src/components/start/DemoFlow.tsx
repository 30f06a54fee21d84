import { useState } from 'react';
import { CheckIcon, UploadIcon } from '../ui/icons.tsx';

/** The slab drawn in the demo: a grading label above the card, inside a clear case. */
function DemoSlab() {
  return (
    <div className="demo-slab">
      <div className="demo-slab-label">
        <span className="demo-slab-grader">PSA</span>
        <span className="demo-slab-lines">
          <span>2018 TOPPS CHROME #193</span>
          <span className="demo-strong">SHOHEI OHTANI</span>
          <span>GEM MT 10 · 12345678</span>
        </span>
        <span className="demo-scan" />
      </div>
      <div className="demo-slab-card">
        <span className="demo-card-sun" />
        <span className="demo-card-player" />
        <span className="demo-card-name">OHTANI</span>
      </div>
    </div>
  );
}

const DEMO_FIELDS: [string, string][] = [
  ['Player', 'Shohei Ohtani'],
  ['Year', '2018'],
  ['Brand', 'Topps Chrome'],
  ['Condition', 'PSA 10 GEM MT'],
];

/**
 * The animated demo of the add flow (docs/product.md §2 "a demo video is shown"): a photo is dropped in, its
 * label is read into the fields, and the card is hung on the wall. Pure CSS, no external assets;
 * a pause button stops it and reduced-motion users see one still frame.
 */
export default function DemoFlow() {
  const [paused, setPaused] = useState(false);
  return (
    <figure className={`demo${paused ? ' is-paused' : ''}`} data-testid="demo">
      <div className="demo-stage" aria-hidden="true">
        <div className="demo-scene demo-s1">
          <div className="demo-drop">
            <UploadIcon size={22} />
            <span>Drop a slab photo</span>
            <small>JPG, PNG up to 10MB</small>
          </div>
        </div>
        <div className="demo-scene demo-s2">
          <div className="demo-fields">
            {DEMO_FIELDS.map(([label, value], i) => (
              <div className="demo-field" key={label} style={{ animationDelay: `${i * 0.35}s` }}>
                <span className="demo-field-label">{label}</span>
                <span className="demo-field-value">{value}</span>
              </div>
            ))}
            <div className="demo-confidence">
              <span>Confidence</span>
              <span className="demo-meter">
                <span />
              </span>
              <span className="demo-pct">93%</span>
            </div>
          </div>
        </div>
        <div className="demo-scene demo-s3">
          <div className="demo-wall">
            <span className="demo-frame" />
            <span className="demo-frame is-empty">SLOT 2</span>
            <span className="demo-frame is-empty">SLOT 3</span>
          </div>
        </div>
        <DemoSlab />
        <div className="demo-toast">
          <CheckIcon size={14} /> Card Saved
        </div>
      </div>
      <figcaption className="demo-caption">
        <span className="demo-title">How it works</span>
        <ol className="demo-steps">
          <li>Upload Image</li>
          <li>Analyze</li>
          <li>Save to Collection</li>
        </ol>
        <button type="button" className="demo-pause" aria-pressed={paused} onClick={() => setPaused((p) => !p)}>
          {paused ? 'Play demo' : 'Pause demo'}
        </button>
      </figcaption>
    </figure>
  );
}
