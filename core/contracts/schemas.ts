/**
 * The request schemas of the contract table (`api.ts`) as values, for the server's validation and the
 * OpenAPI document. Kept apart so the site imports the table without zod; the type below makes this
 * table list exactly the schemas `api.ts` names for each call, so the two cannot drift.
 */
import type { z } from 'zod';
import { ZSeriesQuery } from './admin.types.ts';
import { ZAnalyze } from './analysis.types.ts';
import type * as API from './api.ts';
import { ZForgotPassword, ZLogin, ZRegister, ZResetPassword, ZStartTrial } from './auth.types.ts';
import {
  ZCheckoutSessionParams,
  ZCompleteSetup,
  ZSubscriptionParams,
  ZTestCheckoutPay,
  ZTestPay,
  ZTestPaymentMethod,
  ZTestSessionParams,
} from './billing.types.ts';
import type { TAnswerKind, TBodyKind, TCall, TCallTypes, TMethod } from './call.ts';
import {
  ZCardFields,
  ZCardsQuery,
  ZImageParams,
  ZMarketUpdate,
  ZMigrate,
  ZProductSearch,
  ZSlotParams,
  ZSwap,
  ZTransfer,
  ZUploadFields,
  ZWallCountsValue,
} from './cards.types.ts';
import { ZExportQuery, ZHistoryQuery, ZImportRequest } from './csv.types.ts';
import { ZCertIntake, ZIntakeId, ZPhotoFields } from './intake.types.ts';
import { ZAlertId, ZAlertInput, ZRealizedQuery, ZSell, ZUnsubscribeQuery } from './prices.types.ts';
import { ZCreateShare, ZShareImageParams, ZShareTokenParams, ZUpdateShare } from './share.types.ts';
import { ZChangePassword, ZUpdateName } from './user.types.ts';

type TSchemasFor<T extends TCallTypes> = {
  [K in 'params' | 'query' | 'body' as T[K] extends z.ZodType ? K : never]: T[K];
} & {
  /** One line for the OpenAPI document (kept here, out of the site's bundle). */
  summary: string;
};

/** The contract's call names: one per call, each the call's operationId. */
export type TCallId = keyof typeof API;

/** Per call, the schema values its types name (and no others). */
export type TCallSchemas = {
  [K in keyof typeof API]: (typeof API)[K] extends TCall<TMethod, string, infer T, TAnswerKind, TBodyKind | undefined> ? TSchemasFor<T> : never;
};

/** The schemas and the OpenAPI summary of each call, keyed like API. */
export const API_SCHEMAS: TCallSchemas = {
  register: { summary: 'Create an account (and start a trial, bringing anonymous cards)', body: ZRegister },
  login: { summary: 'Sign in with email and password', body: ZLogin },
  loginPage: { summary: 'Redirect to the sign-in page' },
  logout: { summary: 'Sign out' },
  forgotPassword: { summary: 'Mail a password reset link', body: ZForgotPassword },
  resetPassword: { summary: 'Set a new password with a reset link', body: ZResetPassword },
  currentUser: { summary: 'The signed-in user, or null' },
  authUser: { summary: 'The signed-in user' },
  updateName: { summary: "Change the user's name", body: ZUpdateName },
  changePassword: { summary: 'Change the password', body: ZChangePassword },
  startFreeTrial: { summary: 'Start the 7-day PRO trial', body: ZStartTrial },
  listCards: { summary: "The user's gallery slots", query: ZCardsQuery },
  swapCards: { summary: 'Swap two slots', body: ZSwap },
  uploadCard: { summary: 'Put a card (photo and fields) in a slot', params: ZSlotParams, body: ZUploadFields },
  updateCard: { summary: "Edit a card's fields", params: ZSlotParams, body: ZCardFields },
  clearSlot: { summary: 'Delete the card in a slot', params: ZSlotParams },
  transferCollection: { summary: 'Move anonymous cards into the account', body: ZTransfer },
  migrateCollection: { summary: 'Move a stored anonymous collection into the account', body: ZMigrate },
  totalValueHistory: { summary: "The gallery's total value over time", query: ZHistoryQuery },
  exportCards: { summary: 'Export the cards as CSV', query: ZExportQuery },
  previewImport: { summary: 'Check a CSV import without writing', body: ZImportRequest },
  importCards: { summary: 'Import cards from CSV', body: ZImportRequest },
  cardValueHistory: { summary: "One card's value over time", params: ZSlotParams },
  image: { summary: 'A card photo (its owner only)', params: ZImageParams },
  analyzeCard: { summary: 'Read a card photo', body: ZAnalyze },
  setWallCountsValue: { summary: 'Which value counts for the whole wall', body: ZWallCountsValue },
  profit: { summary: 'Profit and loss' },
  realizedCsv: { summary: "A year's realized gains as CSV", query: ZRealizedQuery },
  cardMarket: { summary: "A card's whole market value (source, as-of, match)", params: ZSlotParams },
  searchMarket: { summary: "Search the price provider's products", params: ZSlotParams, query: ZProductSearch },
  refreshMarket: { summary: "Look a card's market value up now", params: ZSlotParams },
  updateMarket: { summary: "Fix a card's product or which value counts", params: ZSlotParams, body: ZMarketUpdate },
  sellCard: { summary: 'Record a card as sold', params: ZSlotParams, body: ZSell },
  listAlerts: { summary: "The user's price alerts" },
  createAlert: { summary: 'Create a price alert', body: ZAlertInput },
  deleteAlert: { summary: 'Delete a price alert', params: ZAlertId },
  unsubscribeAlert: { summary: 'The one-click unsubscribe page of an alert mail', query: ZUnsubscribeQuery },
  adminPrices: { summary: "The price provider's state (admins)" },
  getShare: { summary: "The user's live share link, or null" },
  createShare: { summary: 'Create a share link', body: ZCreateShare },
  updateShare: { summary: 'Change the share link', body: ZUpdateShare },
  revokeShare: { summary: 'Revoke the share link' },
  sharedWall: { summary: "A live link's wall (no account)", params: ZShareTokenParams },
  sharePreview: { summary: "A live link's preview image", params: ZShareTokenParams },
  sharedImage: { summary: 'A photo on a live link', params: ZShareImageParams },
  startCertIntake: { summary: 'Look a list of cert numbers up', body: ZCertIntake },
  certBatch: { summary: 'A cert batch as it stands', params: ZIntakeId },
  addIntakePhoto: { summary: 'Queue a photo to be read', body: ZPhotoFields },
  intakePhotos: { summary: "The user's queued photos and what was read" },
  forgetIntakePhoto: { summary: 'Forget a queued photo', params: ZIntakeId },
  billingConfig: { summary: 'The billing provider, price and test cards' },
  subscriptionStatus: { summary: 'The subscription as it stands' },
  createSubscription: { summary: 'Subscribe (a visitor gets a hosted checkout)' },
  createTrialUpgradeCheckout: { summary: 'Pay for PRO during the trial' },
  paymentIntent: { summary: 'The payment a subscription waits for', params: ZSubscriptionParams },
  syncSubscription: { summary: 'Read the subscription from the provider now' },
  cancelSubscription: { summary: "Cancel at the period's end" },
  reactivateSubscription: { summary: 'Undo a cancellation' },
  billingPortal: { summary: 'Open the billing portal' },
  checkoutSession: { summary: 'A paid guest checkout, for /complete-setup', params: ZCheckoutSessionParams },
  completeAccountSetup: { summary: 'Make the account a guest checkout paid for', body: ZCompleteSetup },
  stripeWebhook: { summary: "Stripe's events (signed raw body)" },
  testPay: { summary: 'TEST MODE: pay a first invoice', body: ZTestPay },
  testCheckout: { summary: 'TEST MODE: a hosted checkout', params: ZTestSessionParams },
  testCheckoutPay: { summary: 'TEST MODE: pay a hosted checkout', params: ZTestSessionParams, body: ZTestCheckoutPay },
  testPortal: { summary: 'TEST MODE: the billing portal' },
  testPaymentMethod: { summary: 'TEST MODE: change the card on file', body: ZTestPaymentMethod },
  adminStats: { summary: "The admin dashboard's figures (admins)" },
  adminSeries: { summary: "The admin dashboard's charts (admins)", query: ZSeriesQuery },
  health: { summary: 'Database and image store reachable' },
  openApi: { summary: 'This document' },
};
