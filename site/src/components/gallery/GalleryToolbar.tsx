import { useEffect, useState, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { LAYOUTS, canSwap, type TLayoutId } from '../../../../core/gallery.ts';
import { $swapMode, goToPricing, openDialog, toggleSwapMode } from '../../stores/gallery.ts';
import { $settings, setCustomCount, setFullGallery, setLayout, setRegistryMode, type TGalleryAccess } from '../../stores/gallery-layout.ts';
import BulkAdd from './bulk/BulkAdd.tsx';
import CsvControls from './csv/CsvControls.tsx';
import { FrameIcon, GridIcon, LedgerIcon, LockIcon, SwapIcon } from '../ui/icons.tsx';
import ShareButton from './share/ShareButton.tsx';

/** The custom slot count field: Enter or leaving it applies the clamped count (docs/product.md §5). */
function CustomCount({ count }: { count: number }) {
  const [draft, setDraft] = useState(String(count));
  useEffect(() => setDraft(String(count)), [count]);
  const apply = () => setDraft(String(setCustomCount(draft)));
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') apply();
  };
  return (
    <label className="g-custom">
      <span>Slots</span>
      <input
        type="text"
        inputMode="numeric"
        value={draft}
        size={4}
        maxLength={6}
        aria-label="Custom slot count, 1 to 1000"
        onChange={(e) => setDraft(e.target.value)}
        onBlur={apply}
        onKeyDown={onKeyDown}
        data-testid="custom-count"
      />
    </label>
  );
}

/**
 * Layout picker, FULL GALLERY, REGISTRY MODE and SWAP MODE (docs/product.md §2 /gallery). With PRO features
 * they work; without, the layouts and FULL GALLERY open the upsell dialog, REGISTRY MODE goes to
 * /pricing, and SWAP MODE (shown to all) opens the swap upsell.
 */
export default function GalleryToolbar({ access }: { access: TGalleryAccess }) {
  const settings = useStore($settings);
  const swapMode = useStore($swapMode);
  const pro = access.pro;

  const pickLayout = (id: TLayoutId) => {
    if (!pro) openDialog({ kind: 'upsell', feature: 'layouts' });
    else setLayout(id);
  };

  return (
    <div className="g-toolbar" data-testid="gallery-toolbar">
      <div className="g-tool-group" role="group" aria-labelledby="layout-label">
        <span id="layout-label" className="g-tool-label">
          <GridIcon /> Layout
        </span>
        <div className="g-segmented">
          {LAYOUTS.map((layout) => (
            <button key={layout.id} type="button" className="g-seg" aria-pressed={pro && settings.layout === layout.id} onClick={() => pickLayout(layout.id)}>
              {layout.label}
              {!pro && <LockIcon size={12} />}
            </button>
          ))}
        </div>
        {pro && settings.layout === 'custom' && <CustomCount count={settings.customCount} />}
      </div>
      <div className="g-tool-group g-toggles">
        <button
          type="button"
          className="g-toggle"
          aria-pressed={pro && settings.fullGallery}
          onClick={() => (pro ? setFullGallery(!settings.fullGallery) : openDialog({ kind: 'upsell', feature: 'full-gallery' }))}
        >
          <FrameIcon /> FULL GALLERY{!pro && <LockIcon size={12} />}
        </button>
        <button
          type="button"
          className="g-toggle"
          aria-pressed={pro && settings.registryMode}
          onClick={() => (pro ? setRegistryMode(!settings.registryMode) : goToPricing())}
        >
          <LedgerIcon /> REGISTRY MODE{!pro && <LockIcon size={12} />}
        </button>
        <button
          type="button"
          className="g-toggle g-toggle-swap"
          aria-pressed={swapMode}
          disabled={pro && !access.canEdit}
          onClick={() => toggleSwapMode(access)}
        >
          <SwapIcon size={16} /> SWAP MODE{!canSwap({ hasProFeatures: pro }) && <LockIcon size={12} />}
        </button>
        <ShareButton access={access} />
      </div>
      <CsvControls access={access} />
      <BulkAdd access={access} />
    </div>
  );
}
