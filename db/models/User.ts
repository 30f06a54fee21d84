import type { QueryBuilder } from 'objection';
import type { TAccountFacts } from '../../core/account.ts';
import type { TCountsValue } from '../../core/prices.ts';
import { BaseModel } from './BaseModel.ts';

/**
 * A registered collector (docs/product.md §3 User). Its billing columns are the stored facts core/account.ts
 * computes the account's state from (isPro, trial, grace, retention…): nothing derivable is stored.
 */
export class User extends BaseModel implements TAccountFacts {
  static override tableName = 'users';

  declare id: number;
  declare email: string;
  declare passwordHash: string;
  declare firstName: string;
  declare lastName: string;
  declare isGrandfathered: boolean;
  declare isAdmin: boolean;
  declare trialStartedAt: Date | null;
  declare trialEndDate: Date | null;
  /** Bumped by every gallery write; keys the cached GET /api/cards answer. */
  declare galleryVersion: number;
  /** Which value of the wall's cards counts in totals (docs/choices.md 45): own or market. */
  declare countsValue: TCountsValue;
  /** The billing provider's customer (Stripe cus_…, or lcus_… in local billing). */
  declare billingCustomerId: string | null;
  declare subscriptionId: string | null;
  declare subscriptionProviderStatus: string | null;
  declare subscriptionCancelAtPeriodEnd: boolean;
  declare subscriptionPeriodEnd: Date | null;
  declare subscriptionEndedAt: Date | null;
  declare subscriptionEndReason: string | null;
  declare subscriptionSyncedAt: Date | null;
  /** When the current subscription was created at the provider (admin charts: PRO users over time). */
  declare subscriptionStartedAt: Date | null;
  declare retentionPurgedAt: Date | null;
  /** Cards in this user's gallery: kept by the database (trigger card_slots_count), never written by code. */
  declare cardCount: number;
  declare createdAt: Date;
  declare updatedAt: Date;

  static override modifiers = {
    /** Users whose email matches, case-insensitively. */
    byEmail(query: QueryBuilder<User>, email: string) {
      void query.where('email', email.trim().toLowerCase());
    },
    /** The user whose billing customer this is. */
    byBillingCustomer(query: QueryBuilder<User>, customerId: string) {
      void query.where('billingCustomerId', customerId);
    },
  };
}
