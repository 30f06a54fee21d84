/** Line icons of the gallery that the shared set (collection/icons.tsx) lacks. Decorative. */
export { CheckIcon, EditIcon, PlusIcon, ScanIcon, TrashIcon, UploadIcon } from '../collection/icons.tsx';

import { ICON_BASE as base } from '../ui/icons.tsx';

/** Four corners pointing out: view full size. */
export function ExpandIcon({ size = 18 }: { size?: number }) {
  return (
    <svg {...base} width={size} height={size}>
      <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
    </svg>
  );
}

/** Two arrows trading places: swap. */
export function SwapIcon({ size = 18 }: { size?: number }) {
  return (
    <svg {...base} width={size} height={size}>
      <path d="M7 4 3 8l4 4M3 8h13M17 20l4-4-4-4M21 16H8" />
    </svg>
  );
}

/** A padlock: a PRO feature. */
export function LockIcon({ size = 14 }: { size?: number }) {
  return (
    <svg {...base} width={size} height={size}>
      <rect x="5" y="11" width="14" height="9" rx="2" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" />
    </svg>
  );
}

/** A grid of squares: layouts. */
export function GridIcon({ size = 16 }: { size?: number }) {
  return (
    <svg {...base} width={size} height={size}>
      <rect x="4" y="4" width="6.5" height="6.5" rx="1" />
      <rect x="13.5" y="4" width="6.5" height="6.5" rx="1" />
      <rect x="4" y="13.5" width="6.5" height="6.5" rx="1" />
      <rect x="13.5" y="13.5" width="6.5" height="6.5" rx="1" />
    </svg>
  );
}

/** A ledger: registry mode. */
export function LedgerIcon({ size = 16 }: { size?: number }) {
  return (
    <svg {...base} width={size} height={size}>
      <path d="M5 4h14v16H5zM9 8h6M9 12h6M9 16h3" />
    </svg>
  );
}

/** A frame filling the view: full gallery. */
export function FrameIcon({ size = 16 }: { size?: number }) {
  return (
    <svg {...base} width={size} height={size}>
      <rect x="3" y="5" width="18" height="14" rx="1.5" />
      <path d="m6 16 4-4 3 3 2-2 3 3" />
    </svg>
  );
}

/** A sparkle: PRO. */
export function SparkIcon({ size = 16 }: { size?: number }) {
  return (
    <svg {...base} width={size} height={size}>
      <path d="M12 3v4M12 17v4M3 12h4M17 12h4M6.3 6.3l2.5 2.5M15.2 15.2l2.5 2.5M6.3 17.7l2.5-2.5M15.2 8.8l2.5-2.5" />
    </svg>
  );
}

/** Chevron left / right for the viewer. */
export function ChevronIcon({ dir, size = 22 }: { dir: 'left' | 'right'; size?: number }) {
  return (
    <svg {...base} width={size} height={size}>
      <path d={dir === 'left' ? 'm15 5-7 7 7 7' : 'm9 5 7 7-7 7'} />
    </svg>
  );
}

/** A cross: close. */
export function CloseIcon({ size = 20 }: { size?: number }) {
  return (
    <svg {...base} width={size} height={size}>
      <path d="M6 6l12 12M18 6 6 18" />
    </svg>
  );
}
