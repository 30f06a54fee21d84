/** The Ratio wordmark for React islands (Logo.astro draws the same for static pages). */
export default function BrandMark({ href = '/' }: { href?: string }) {
  return (
    <a className="brand" href={href} aria-label="Ratio home">
      <svg className="brand-mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
        <rect x="7" y="3" width="18" height="26" rx="2.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <rect x="10" y="6" width="12" height="4" rx="1" fill="currentColor" />
        <rect x="10" y="12.5" width="12" height="13" rx="1" fill="currentColor" opacity="0.35" />
      </svg>
      <span className="brand-word">RATIO</span>
    </a>
  );
}
