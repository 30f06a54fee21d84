/** A centred loading spinner with an accessible label. */
export default function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="page-center" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
