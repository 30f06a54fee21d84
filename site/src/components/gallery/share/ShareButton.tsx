import { useState } from 'react';
import type { TGalleryAccess } from '../../../stores/gallery-layout.ts';
import Dialog from '../../ui/Dialog.tsx';
import { LockIcon } from '../../ui/icons.tsx';
import ShareDialog from './ShareDialog.tsx';
import ShareUpsell from './ShareUpsell.tsx';
import { SHARE_TITLE_ID } from './share-parts.tsx';
import { ShareIcon } from '../../ui/icons.tsx';

/**
 * SHARE on the gallery toolbar (docs/choices.md 29): with PRO features it opens the share dialog (make, copy,
 * change and revoke the wall's public link); without, the PRO upsell. The server decides either way.
 */
export default function ShareButton({ access }: { access: TGalleryAccess }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button type="button" className="g-toggle" aria-haspopup="dialog" onClick={() => setOpen(true)} data-testid="share-button">
        <ShareIcon /> SHARE{!access.pro && <LockIcon size={12} />}
      </button>
      <Dialog open={open} onClose={close} labelledBy={SHARE_TITLE_ID} className={access.pro ? 'sh-dialog' : 'g-dialog-upsell'}>
        {access.pro ? <ShareDialog onClose={close} /> : <ShareUpsell onClose={close} />}
      </Dialog>
    </>
  );
}
