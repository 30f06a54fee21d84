import { ExternalIcon, ShieldIcon } from '../ui/icons.tsx';
import { confidenceLevel, type TAnalysisView } from './analysis.ts';

/**
 * What the analysis read, beside the filled fields: a confidence meter, sport and card name,
 * the grade's meaning and the cert number with its verification state.
 */
export default function AnalysisResult({ result }: { result: TAnalysisView }) {
  const pct = Math.round(result.confidence * 100);
  const level = confidenceLevel(result.confidence);
  const chips = [result.sport, result.cardName].filter(Boolean);
  return (
    <section className="result" aria-labelledby="result-title" data-testid="analysis-result">
      <div className="result-head">
        <h3 id="result-title" className="result-title">
          Analysis
        </h3>
        <span className={`confidence is-${level.toLowerCase()}`} data-testid="confidence">
          <span className="confidence-meter" role="meter" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-label="Confidence">
            <span style={{ width: `${pct}%` }} />
          </span>
          <span className="confidence-text">
            {level} confidence · {pct}%
          </span>
        </span>
      </div>
      {(chips.length > 0 || result.gradeDetails) && (
        <div className="result-chips">
          {chips.map((chip) => (
            <span key={chip} className="chip">
              {chip}
            </span>
          ))}
          {result.gradeDetails && (
            <span className="chip chip-grade" title={result.gradeDetails.description}>
              {result.gradeDetails.name}
              {result.gradeDetails.description && <span className="muted">· {result.gradeDetails.description}</span>}
            </span>
          )}
        </div>
      )}
      {result.psaCertNumber && (
        <p className="result-cert">
          <span className={`cert-state${result.psaVerified ? ' is-verified' : ''}`}>
            <ShieldIcon />
            {result.psaVerified ? 'Verified by PSA' : 'Cert not verified'}
          </span>
          {result.certificationUrl ? (
            <a href={result.certificationUrl} target="_blank" rel="noopener noreferrer">
              Cert #{result.psaCertNumber} <ExternalIcon />
            </a>
          ) : (
            <span>Cert #{result.psaCertNumber}</span>
          )}
        </p>
      )}
      {level === 'Low' && <p className="result-warning">Only part of the label could be read. Please check the details below.</p>}
    </section>
  );
}
