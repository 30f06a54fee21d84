/** What both payment forms (Stripe's Payment Element, the TEST MODE form) receive on /payment. */
export interface TPaymentFormProps {
  clientSecret: string;
  /** Called once the provider confirmed the payment (spec §4: then sync, then /account?upgrade=success). */
  onPaid: () => Promise<void>;
  /** Called with the provider's message when the payment failed (spec §8 'Payment Failed'). */
  onFailed: (message: string) => void;
  /** Cancel goes here (spec §2 /payment: /account). */
  cancelHref: string;
}

/** Stripe's return URL after a redirect-based confirmation (spec §4, §7). */
export const PAYMENT_RETURN_PATH = '/payment-success';
