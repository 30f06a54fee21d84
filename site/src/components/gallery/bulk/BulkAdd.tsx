import { useStore } from '@nanostores/react';
import type { KeyboardEvent } from 'react';
import type { TGalleryAccess } from '../../../stores/gallery-layout.ts';
import { $bulk, closeBulk, openBulk, showTab, type TBulkTab } from '../../../stores/bulk-intake.ts';
import Dialog from '../../ui/Dialog.tsx';
import { BulkIcon } from '../../ui/icons.tsx';
import CertTab from './CertTab.tsx';
import PhotoTab from './PhotoTab.tsx';

const TITLE_ID = 'bulk-title';
const TABS: ReadonlyArray<{ id: TBulkTab; label: string }> = [
  { id: 'certs', label: 'By cert number' },
  { id: 'photos', label: 'By photo' },
];

/**
 * "Bulk add" (docs/choices.md 42): one toolbar button opening a dialog with two tabs, by cert number and
 * by photo. Offered to accounts that may edit; the server enforces every rule.
 */
export default function BulkAdd({ access }: { access: TGalleryAccess }) {
  const state = useStore($bulk);
  if (!access.canEdit) return null;
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const next = TABS[(TABS.findIndex((t) => t.id === state.tab) + 1) % TABS.length]!.id;
    showTab(next);
    document.getElementById(`bulk-tab-${next}`)?.focus();
  };
  return (
    <>
      <button type="button" className="g-toggle" onClick={() => openBulk()} data-testid="bulk-add" aria-haspopup="dialog">
        <BulkIcon />
        Bulk add
      </button>
      <Dialog open={state.open} onClose={closeBulk} labelledBy={TITLE_ID} className="g-dialog bulk-dialog">
        <div className="bulk-body" data-testid="bulk-dialog">
          <p className="eyebrow g-eyebrow-accent">Bulk add</p>
          <h2 id={TITLE_ID}>Add many cards at once</h2>
          <div className="bulk-tabs" role="tablist" aria-label="How to add">
            {TABS.map((t) => (
              <button
                key={t.id}
                id={`bulk-tab-${t.id}`}
                type="button"
                role="tab"
                className="bulk-tab"
                aria-selected={state.tab === t.id}
                aria-controls={`bulk-panel-${t.id}`}
                tabIndex={state.tab === t.id ? 0 : -1}
                onClick={() => showTab(t.id)}
                onKeyDown={onTabKey}
                data-testid={`bulk-tab-${t.id}`}
              >
                {t.label}
              </button>
            ))}
          </div>
          <div id={`bulk-panel-${state.tab}`} role="tabpanel" aria-labelledby={`bulk-tab-${state.tab}`}>
            {state.tab === 'certs' ? <CertTab /> : <PhotoTab maxSlots={access.maxSlots} />}
          </div>
          <div className="bulk-actions">
            <button type="button" className="btn" onClick={closeBulk}>
              Close
            </button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
