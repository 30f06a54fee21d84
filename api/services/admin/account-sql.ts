/**
 * core/account.ts's rule, as SQL over the users table, for aggregates that must not load every
 * row. Each predicate takes the instant it is evaluated at as its one `?` binding; tests check
 * that they count exactly what accountState() says for accounts in every state.
 */

/** The provider statuses under which a subscription is in force (core/account.ts subscriptionPhase). */
const LIVE = `('active', 'trialing', 'past_due')`;

/**
 * accountState().isPro at `?`: a live subscription, not cancelled with its period over. Never
 * NULL (a NULL would make `NOT PAYING_AT` drop the row too).
 */
export const PAYING_AT = `(coalesce(u.subscription_provider_status IN ${LIVE}, false)
  AND (NOT u.subscription_cancel_at_period_end OR u.subscription_period_end IS NULL OR u.subscription_period_end > ?))`;

/** accountState().isTrialActive at `?`. */
export const TRIAL_RUNNING_AT = `(u.trial_end_date IS NOT NULL AND u.trial_end_date > ?)`;
