/** id of the share dialog's heading (and the upsell's). */
export const SHARE_TITLE_ID = 'share-dialog-title';
