import { ICON_BASE as base } from '../../ui/icons.tsx';

/** id of the share dialog's heading (and the upsell's). */
export const SHARE_TITLE_ID = 'share-dialog-title';

/** Three linked nodes: share. Decorative. */
export function ShareIcon({ size = 16 }: { size?: number }) {
  return (
    <svg {...base} width={size} height={size}>
      <circle cx="18" cy="5" r="2.5" />
      <circle cx="6" cy="12" r="2.5" />
      <circle cx="18" cy="19" r="2.5" />
      <path d="m8.2 10.8 7.6-4.4M8.2 13.2l7.6 4.4" />
    </svg>
  );
}
