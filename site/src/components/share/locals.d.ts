import type { TSharedPageLocals } from '../../../../core/contracts/share.types.ts';

declare global {
  namespace App {
    interface Locals {
      /** Set by the server for a live share link (api/routes/share/share-page.ts); absent otherwise. */
      sharedPage?: TSharedPageLocals;
    }
  }
}
