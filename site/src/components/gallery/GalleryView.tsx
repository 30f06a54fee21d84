import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { LAYOUTS, firstOpenSlot, insightsView, portfolioInsights, registryFigures } from '../../../../core/gallery.ts';
import { $cardList, $cards, $cardsState, $dialog, $swapMode, exitSwapMode, openDialog } from '../../stores/gallery.ts';
import { $settings, galleryAccess, setCustomCount, slotsShown } from '../../stores/gallery-layout.ts';
import { toast } from '../../stores/toast.ts';
import { countedAmounts } from '../../stores/market.ts';
import type { TUser } from '../../stores/user.ts';
import AccountBanner from './AccountBanner.tsx';
import GalleryDialogs from './GalleryDialogs.tsx';
import GalleryTitle from './GalleryTitle.tsx';
import GalleryToolbar from './GalleryToolbar.tsx';
import InsightsCard from './InsightsCard.tsx';
import ProfitPanel from './market/ProfitPanel.tsx';
import RegistryPanel from './RegistryPanel.tsx';
import SlotGrid from './SlotGrid.tsx';
import SubscriptionBanner from './SubscriptionBanner.tsx';
import { SWAP_HELP_ID } from './Slot.tsx';
import { PlusIcon } from '../ui/icons.tsx';
import { formatCents, formatCount } from '../../../../core/format.ts';

/** Free walls hang as two rows of five. */
const FREE_COLUMNS = 5;

/** The gallery under the header: title, banners, toolbar, summary panels, the slot wall and its dialogs. */
export default function GalleryView({ user }: { user: TUser }) {
  const access = useMemo(() => galleryAccess(user), [user]);
  const settings = useStore($settings);
  // The cards as deferred values: when the whole wall arrives (1,000 cards) the wall's slots update at
  // once (SlotGrid reads the stores itself) and the figures above it in a render of their own that
  // yields to the browser, so neither is a long task on a slow phone.
  const cards = useDeferredValue(useStore($cards));
  const list = useDeferredValue(useStore($cardList));
  const cardsState = useDeferredValue(useStore($cardsState));
  const ready = cardsState === 'ready';
  // While only the first page of a large wall is in, the panels hold their place (the wall does not
  // jump when the rest arrives) with their figures hidden: they would count the first page only.
  const shown = ready || cardsState === 'partial';
  const swapMode = useStore($swapMode);
  // On a phone the summary panels fold into one line, so the first row of cards is on the first
  // screen. CSS decides which shows (gallery.css), so the server's first screen is the phone's too.
  const [panelsOpen, setPanelsOpen] = useState(false);

  // Swap mode is for PRO features on an editable wall; Esc leaves it.
  useEffect(() => {
    if (swapMode && (!access.pro || !access.canEdit)) exitSwapMode();
  }, [swapMode, access]);
  useEffect(() => {
    if (!swapMode) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !$dialog.get()) exitSwapMode();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [swapMode]);

  const highest = list.at(-1)?.slotNumber ?? 0;
  const count = slotsShown(settings, access, highest);
  const columns = access.pro ? (LAYOUTS.find((l) => l.id === settings.layout)?.columns ?? null) : FREE_COLUMNS;
  const registry = access.pro && settings.registryMode;
  const panels = !(access.pro && settings.fullGallery);
  const beyond = access.pro ? list.filter((c) => c.slotNumber > count).length : 0;
  // Totals count each card's own value or its market value, as the wall or the card chooses (docs/choices.md 45).
  const wallCounts = user.countsValue ?? 'own';
  const counted = useMemo(() => countedAmounts(list, wallCounts), [list, wallCounts]);
  const figures = useMemo(() => registryFigures(counted, count), [counted, count]);
  const insights = useMemo(() => portfolioInsights(counted), [counted]);

  const addCard = () => {
    const slot = firstOpenSlot(cards, count, access.maxSlots);
    if (slot !== null) openDialog({ kind: 'add', slot });
    else if (!access.pro || count >= access.maxSlots) openDialog({ kind: 'upsell', feature: 'slot' });
    else toast({ title: 'This layout is full', description: 'Choose a larger layout, or CUSTOM, to hang more cards.' });
  };

  return (
    <main id="main" className="container gallery g-page">
      <div className="g-head">
        <div className="g-head-title">
          <p className="eyebrow">Private gallery{ready && ` · ${formatCount(list.length)} ${list.length === 1 ? 'card' : 'cards'}`}</p>
          <GalleryTitle />
        </div>
        {access.canEdit && (
          <button type="button" className="btn btn-primary g-add-button" onClick={addCard} disabled={!ready}>
            <PlusIcon /> ADD ITEM
          </button>
        )}
      </div>

      <div className="g-banners">
        <SubscriptionBanner user={user} />
        <AccountBanner user={user} access={access} cardCount={list.length} />
      </div>

      <GalleryToolbar access={access} />

      {panels && shown && (
        <button
          type="button"
          className="g-panels-toggle"
          aria-expanded={panelsOpen}
          aria-controls="gallery-panels"
          onClick={() => setPanelsOpen((open) => !open)}
        >
          <span className="g-panels-toggle-label">{registry ? 'Registry & insights' : 'Portfolio insights'}</span>
          <span className="g-panels-toggle-figure" aria-hidden={!ready || undefined}>
            {formatCents(insights.totalCents)} · {formatCount(list.length)} {list.length === 1 ? 'card' : 'cards'}
          </span>
          <span className="g-panels-toggle-chevron" aria-hidden="true" />
        </button>
      )}
      {panels && shown && (
        <div className={`g-panels${panelsOpen ? ' is-open' : ''}`} id="gallery-panels" aria-busy={!ready || undefined}>
          {registry && <RegistryPanel figures={figures} />}
          {/* Gain & loss unfolds with the value chart: always open, it pushed the wall below a laptop's fold. */}
          <InsightsCard
            insights={insights}
            view={insightsView(access.pro, list.length)}
            withTotals={!registry}
            folded={access.pro && ready ? <ProfitPanel version={`${list.length}:${insights.totalCents}`} /> : null}
          />
        </div>
      )}

      {swapMode && (
        <div className="g-swapbar" role="status">
          <p id={SWAP_HELP_ID}>
            <strong>SWAP MODE</strong> Select a card, then the slot to trade places with. Or drag a card onto another slot.
          </p>
          <button type="button" className="btn btn-sm" onClick={exitSwapMode}>
            Done
          </button>
        </div>
      )}
      {!access.canEdit && (
        <p className="g-viewonly" data-testid="view-only">
          Cards in View-Only Mode
        </p>
      )}

      {/* Each slot has several controls: keyboard users can jump past the whole wall. */}
      <a className="skip-link skip-inline" href="#after-wall">
        Skip past the wall ({count} slots)
      </a>
      <SlotGrid access={access} count={count} columns={columns} registry={registry} />
      <span id="after-wall" tabIndex={-1} />

      {beyond > 0 && (
        <p className="g-beyond">
          {beyond} more {beyond === 1 ? 'card hangs' : 'cards hang'} past slot {count}.{' '}
          <button type="button" className="btn btn-sm" onClick={() => setCustomCount(highest)}>
            Show all {highest} slots
          </button>
        </p>
      )}

      <GalleryDialogs access={access} />
    </main>
  );
}
