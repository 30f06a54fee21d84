import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useStore } from '@nanostores/react';
import { EXPORT_LAYOUTS, EXPORT_LAYOUT_NAMES } from '../../../../../core/csv/export-layouts.ts';
import { PRO_SLOTS } from '../../../../../core/limits.ts';
import { $cardList } from '../../../stores/gallery.ts';
import type { TGalleryAccess } from '../../../stores/gallery-layout.ts';
import { exportPath, openImport } from '../../../stores/card-csv.ts';
import { ExportIcon, ImportIcon } from '../../ui/icons.tsx';
import ImportDialog from './ImportDialog.tsx';
import './csv.css';

/**
 * EXPORT CSV and IMPORT CSV in the gallery toolbar (docs/choices.md 29, 40). Export downloads every
 * card in the layout chosen (Ratio's own, or PSA My Collection's, Collectr's, Card Ladder's,
 * CollX's: every tier); import opens the dialog with its preview (offered to accounts that may
 * edit; the server decides).
 */
export default function CsvControls({ access }: { access: TGalleryAccess }) {
  const cards = useStore($cardList);
  const menu = useRef<HTMLDetailsElement>(null);
  const [place, setPlace] = useState<CSSProperties | null>(null);
  const close = () => {
    if (menu.current) menu.current.open = false;
  };
  // The toolbar scrolls sideways on a phone and would clip the list: it is placed on the page,
  // under the button, and closes on a click elsewhere, Esc, a scroll or a resize.
  const onToggle = () => {
    const summary = menu.current?.querySelector('summary');
    if (!menu.current?.open || !summary) return setPlace(null);
    const r = summary.getBoundingClientRect();
    setPlace({ top: r.bottom + 6, left: Math.max(8, Math.min(r.left, window.innerWidth - 232)) });
  };
  useEffect(() => {
    if (!place) return;
    const outside = (e: Event) => {
      if (!menu.current?.contains(e.target as Node)) close();
    };
    const key = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        close();
        menu.current?.querySelector('summary')?.focus();
      }
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', key);
    window.addEventListener('scroll', close, { passive: true });
    window.addEventListener('resize', close);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', key);
      window.removeEventListener('scroll', close);
      window.removeEventListener('resize', close);
    };
  }, [place]);
  return (
    <div className="g-tool-group csv-tools" role="group" aria-label="CSV export and import">
      {cards.length > 0 ? (
        <details className="csv-export" ref={menu} onToggle={onToggle} data-testid="csv-export-menu">
          <summary className="g-toggle">
            <ExportIcon /> EXPORT CSV
          </summary>
          <ul className="csv-export-list" style={place ?? undefined} aria-label="Export layouts">
            {EXPORT_LAYOUTS.map((layout) => (
              <li key={layout}>
                <a href={exportPath(layout)} download data-testid={layout === 'ratio' ? 'csv-export' : `csv-export-${layout}`} onClick={close}>
                  {EXPORT_LAYOUT_NAMES[layout]}
                </a>
              </li>
            ))}
          </ul>
        </details>
      ) : (
        <button type="button" className="g-toggle" disabled title="No cards to export yet">
          <ExportIcon /> EXPORT CSV
        </button>
      )}
      {access.canEdit && (
        <button type="button" className="g-toggle" onClick={openImport} data-testid="csv-import">
          <ImportIcon /> IMPORT CSV
        </button>
      )}
      <ImportDialog canUpgrade={access.maxSlots < PRO_SLOTS} />
    </div>
  );
}
