/** The setup-failure state of /pricing (docs/product.md §2): 'Unable to load subscription'. */
export default function SetupFailed() {
  return (
    <div className="card form-card guard-card pricing-guard" role="alert">
      <h1 className="form-card-title">Unable to load subscription</h1>
      <p className="muted">There was an issue setting up your subscription.</p>
      <a className="btn btn-primary" href="/gallery">
        Return to Gallery
      </a>
    </div>
  );
}
