import { ICON_BASE as base } from '../../ui/icons.tsx';

/** A tray with an arrow out: export. Decorative. */
export function ExportIcon({ size = 16 }: { size?: number }) {
  return (
    <svg {...base} width={size} height={size}>
      <path d="M12 15V3m0 0-4 4m4-4 4 4M4 14v5a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-5" />
    </svg>
  );
}

/** A tray with an arrow in: import. Decorative. */
export function ImportIcon({ size = 16 }: { size?: number }) {
  return (
    <svg {...base} width={size} height={size}>
      <path d="M12 3v12m0 0-4-4m4 4 4-4M4 14v5a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-5" />
    </svg>
  );
}
