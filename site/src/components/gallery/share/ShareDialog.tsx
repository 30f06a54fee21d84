import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { LAYOUTS, type TLayoutId } from '../../../../../core/gallery.ts';
import { $collectionName } from '../../../stores/gallery-settings.ts';
import { $settings } from '../../../stores/gallery-layout.ts';
import { $shareBusy, $shareLink, copyShareLink, createShareLink, loadShareLink, revokeShareLink, updateShareLink } from '../../../stores/share.ts';
import { SHARE_TITLE_ID, ShareIcon } from './share-parts.tsx';
import { formatShortDate } from '../../../../../core/format.ts';

const layoutLabel = (layout: TLayoutId, customCount: number) =>
  layout === 'custom' ? `CUSTOM (${customCount} slots)` : (LAYOUTS.find((l) => l.id === layout)?.label ?? layout);

/**
 * The share dialog: make the wall's public link (values shown or hidden), copy it in one click,
 * change what it shows, replace it or revoke it. The link shows the title and layout of this
 * browser's gallery as they were when it was made or last updated.
 */
export default function ShareDialog({ onClose }: { onClose(): void }) {
  const link = useStore($shareLink);
  const busy = useStore($shareBusy);
  const title = useStore($collectionName);
  const settings = useStore($settings);
  const [showValues, setShowValues] = useState(true);
  const [showOwnerName, setShowOwnerName] = useState(false);
  const [confirmRevoke, setConfirmRevoke] = useState(false);

  useEffect(() => void loadShareLink(), []);
  const linkShowValues = link?.showValues;
  useEffect(() => {
    if (linkShowValues !== undefined) setShowValues(linkShowValues);
  }, [linkShowValues]);
  const linkShowOwnerName = link?.showOwnerName;
  useEffect(() => {
    if (linkShowOwnerName !== undefined) setShowOwnerName(linkShowOwnerName);
  }, [linkShowOwnerName]);

  // The button that had focus can go (Revoke Link turns into its confirmation, a revoked link's buttons
  // into Create Link) or be disabled while the call runs: focus then moves to the step's own button, so
  // the keyboard stays in the dialog and Esc still closes it.
  const rootRef = useRef<HTMLDivElement>(null);
  const step = link === undefined ? 'loading' : !link ? 'none' : confirmRevoke ? 'confirm' : 'live';
  useEffect(() => {
    if (document.activeElement !== document.body) return;
    rootRef.current?.querySelector<HTMLElement>('[data-refocus]:not(:disabled)')?.focus();
  }, [step, busy]);

  const current = { title, layout: settings.layout, customCount: settings.customCount };
  const create = () => void createShareLink({ showValues, showOwnerName, ...current });
  const stale = link && (link.title !== title || link.layout !== settings.layout || (link.layout === 'custom' && link.customCount !== settings.customCount));

  return (
    <div className="sh" data-testid="share-dialog" ref={rootRef}>
      <div className="dialog-head">
        <p className="eyebrow g-eyebrow-accent">
          <ShareIcon size={14} /> Share your wall
        </p>
        <h2 id={SHARE_TITLE_ID}>{link ? 'Your Wall Is Shared' : 'Share Your Collection'}</h2>
      </div>

      {link === undefined ? (
        <div className="sh-loading" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" /> Loading your link...
        </div>
      ) : (
        <>
          {link ? (
            <>
              {link.url ? (
                <div className="sh-url">
                  <input
                    className="input"
                    readOnly
                    value={link.url}
                    aria-label="Share link"
                    onFocus={(e) => e.currentTarget.select()}
                    data-testid="share-url"
                  />
                  <button type="button" className="btn btn-primary" onClick={() => void copyShareLink(link.url!)} autoFocus>
                    Copy Link
                  </button>
                </div>
              ) : (
                <p className="sh-note">
                  This link was made before Ratio kept links to copy from any device, so it can be copied only in the browser that made it. Make a new link to
                  copy one here; the old one then stops working.
                </p>
              )}
              <p className="sh-meta" data-testid="share-meta">
                Live since {formatShortDate(link.createdAt)}: “{link.title}”, {layoutLabel(link.layout, link.customCount)}, values{' '}
                {link.showValues ? 'shown' : 'hidden'}.
                {link.url && (
                  <>
                    {' '}
                    <a href={link.url} target="_blank" rel="noopener">
                      Open it
                    </a>
                  </>
                )}
              </p>
            </>
          ) : (
            <p className="sh-lead">
              Make a public, read-only link to <strong>{title}</strong> as you hang it ({layoutLabel(settings.layout, settings.customCount)}, in slot order).
              Visitors need no account and never see your email or account.
            </p>
          )}

          <label className="sh-check">
            <input
              type="checkbox"
              checked={showValues}
              disabled={busy !== null}
              onChange={(e) => {
                setShowValues(e.target.checked);
                if (link) void updateShareLink({ showValues: e.target.checked });
              }}
            />
            <span>
              <strong>Show values</strong>
              <small>Card values, all-time highs and the registry totals</small>
            </span>
          </label>

          <label className="sh-check">
            <input
              type="checkbox"
              checked={showOwnerName}
              disabled={busy !== null}
              onChange={(e) => {
                setShowOwnerName(e.target.checked);
                if (link) void updateShareLink({ showOwnerName: e.target.checked });
              }}
            />
            <span>
              <strong>Show my first name</strong>
              <small>Visitors see whose collection it is (never your last name or email)</small>
            </span>
          </label>

          {stale && (
            <p className="sh-stale">
              Your gallery's title or layout changed since this link was made.{' '}
              <button type="button" className="btn btn-sm" disabled={busy !== null} onClick={() => void updateShareLink(current)}>
                {busy === 'update' ? 'Updating...' : 'Use Current Title and Layout'}
              </button>
            </p>
          )}

          <div className="dialog-actions sh-actions">
            {link ? (
              confirmRevoke ? (
                <>
                  <span className="sh-confirm">The link will stop working for everyone.</span>
                  <button type="button" className="btn btn-ghost" onClick={() => setConfirmRevoke(false)} data-refocus>
                    Keep Link
                  </button>
                  <button
                    type="button"
                    className="btn btn-danger"
                    disabled={busy !== null}
                    onClick={() => void revokeShareLink().then(() => setConfirmRevoke(false))}
                  >
                    {busy === 'revoke' ? 'Revoking...' : 'Revoke Link'}
                  </button>
                </>
              ) : (
                <>
                  <button type="button" className="btn btn-danger" onClick={() => setConfirmRevoke(true)} disabled={busy !== null} data-refocus>
                    Revoke Link
                  </button>
                  <button type="button" className="btn" onClick={create} disabled={busy !== null} title="Makes a new link; the current one stops working">
                    {busy === 'create' ? 'Creating Link...' : 'New Link'}
                  </button>
                  <button type="button" className="btn btn-ghost" onClick={onClose}>
                    Done
                  </button>
                </>
              )
            ) : (
              <>
                <button type="button" className="btn btn-ghost" onClick={onClose}>
                  Cancel
                </button>
                <button type="button" className="btn btn-primary" onClick={create} disabled={busy !== null} autoFocus data-refocus>
                  {busy === 'create' ? 'Creating Link...' : 'Create Link'}
                </button>
              </>
            )}
          </div>
        </>
      )}
    </div>
  );
}
