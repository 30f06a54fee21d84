import { SUPPORT_EMAIL as configured } from 'astro:env/client';

/**
 * The support contact shown on /account ('Need Help?') and in footers (docs/choices.md 1):
 * SUPPORT_EMAIL when set at build time (npm start builds with the server's environment), else
 * support@ratio.local.
 */
export const SUPPORT_EMAIL: string = configured;
