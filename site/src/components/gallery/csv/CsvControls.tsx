import { useStore } from '@nanostores/react';
import { PRO_SLOTS } from '../../../../../core/limits.ts';
import { $cardList } from '../../../stores/gallery.ts';
import type { TGalleryAccess } from '../../../stores/gallery-layout.ts';
import { EXPORT_PATH, openImport } from '../../../stores/card-csv.ts';
import { ExportIcon, ImportIcon } from './csv-icons.tsx';
import ImportDialog from './ImportDialog.tsx';
import './csv.css';

/**
 * EXPORT CSV and IMPORT CSV in the gallery toolbar (issue 11). Export downloads every card; import
 * opens the dialog with its preview (offered to accounts that may edit; the server decides).
 */
export default function CsvControls({ access }: { access: TGalleryAccess }) {
  const cards = useStore($cardList);
  return (
    <div className="g-tool-group csv-tools" role="group" aria-label="CSV export and import">
      {cards.length > 0 ? (
        <a className="g-toggle" href={EXPORT_PATH} download data-testid="csv-export"><ExportIcon /> EXPORT CSV</a>
      ) : (
        <button type="button" className="g-toggle" disabled title="No cards to export yet"><ExportIcon /> EXPORT CSV</button>
      )}
      {access.canEdit && (
        <button type="button" className="g-toggle" onClick={openImport} data-testid="csv-import"><ImportIcon /> IMPORT CSV</button>
      )}
      <ImportDialog canUpgrade={access.maxSlots < PRO_SLOTS} />
    </div>
  );
}
