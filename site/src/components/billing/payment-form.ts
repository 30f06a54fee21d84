/** What both payment forms (Stripe's Payment Element, the TEST MODE form) receive on /payment. */
export interface TPaymentFormProps {
  clientSecret: string;
  /** Called once the provider confirmed the payment (docs/product.md §4: then sync, then /account?upgrade=success). */
  onPaid: () => Promise<void>;
  /** Called with the provider's message when the payment failed (docs/product.md §8 'Payment Failed'). */
  onFailed: (message: string) => void;
  /** Cancel goes here (docs/product.md §2 /payment: /account). */
  cancelHref: string;
}

/** Stripe's return URL after a redirect-based confirmation (docs/product.md §4, §7). */
export const PAYMENT_RETURN_PATH = '/payment-success';
