/**
 * The support contact shown on /account ('Need Help?') and in footers (decisions §1). The server
 * may override it with SUPPORT_EMAIL; the static site shows this default.
 */
export const SUPPORT_EMAIL = 'support@ratio.local';
