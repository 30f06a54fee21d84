/** A centred loading spinner with an accessible label (shown under it when visibleLabel). */
export default function Spinner({ label = 'Loading…', visibleLabel = false }: { label?: string; visibleLabel?: boolean }) {
  return (
    <div className="page-center" role="status" aria-live="polite">
      <div className="spinner-stack">
        <div className="spinner" aria-hidden="true" />
        <span className={visibleLabel ? 'spinner-label' : 'sr-only'}>{label}</span>
      </div>
    </div>
  );
}
