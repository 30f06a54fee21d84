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
  ZCheckoutSessionParams, ZCompleteSetup, ZSubscriptionParams, ZTestCheckoutPay, ZTestPay, ZTestPaymentMethod, ZTestSessionParams,
} from './billing.types.ts';
import type { TAnswerKind, TBodyKind, TCall, TCallTypes, TMethod } from './call.ts';
import {
  ZCardFields, ZCardsQuery, ZImageParams, ZMarketUpdate, ZMigrate, ZProductSearch, ZSlotParams, ZSwap, ZTransfer, ZUploadFields, ZWallCountsValue,
} from './cards.types.ts';
import { ZExportQuery, ZHistoryQuery, ZImportRequest } from './csv.types.ts';
import { ZCertIntake, ZIntakeId, ZPhotoFields } from './intake.types.ts';
import { ZAlertId, ZAlertInput, ZRealizedQuery, ZSell, ZUnsubscribeQuery } from './prices.types.ts';
import { ZCreateShare, ZShareImageParams, ZShareTokenParams, ZUpdateShare } from './share.types.ts';
import { ZChangePassword, ZUpdateName } from './user.types.ts';

type TSchemasFor<T extends TCallTypes> = {
  [K in 'params' | 'query' | 'body' as T[K] extends z.ZodType ? K : never]: T[K];
};

/** The contract's call names: one per call, each the call's operationId. */
export type TCallId = keyof typeof API;

/** Per call, the schema values its types name (and no others). */
export type TCallSchemas = {
  [K in keyof typeof API]: (typeof API)[K] extends TCall<TMethod, string, infer T, TAnswerKind, TBodyKind | undefined> ? TSchemasFor<T> : never;
};

/** The schemas, keyed like API. */
export const API_SCHEMAS: TCallSchemas = {
  register: { body: ZRegister },
  login: { body: ZLogin },
  loginPage: {},
  logout: {},
  forgotPassword: { body: ZForgotPassword },
  resetPassword: { body: ZResetPassword },
  currentUser: {},
  authUser: {},
  updateName: { body: ZUpdateName },
  changePassword: { body: ZChangePassword },
  startFreeTrial: { body: ZStartTrial },
  listCards: { query: ZCardsQuery },
  swapCards: { body: ZSwap },
  uploadCard: { params: ZSlotParams, body: ZUploadFields },
  updateCard: { params: ZSlotParams, body: ZCardFields },
  clearSlot: { params: ZSlotParams },
  transferCollection: { body: ZTransfer },
  migrateCollection: { body: ZMigrate },
  totalValueHistory: { query: ZHistoryQuery },
  exportCards: { query: ZExportQuery },
  previewImport: { body: ZImportRequest },
  importCards: { body: ZImportRequest },
  cardValueHistory: { params: ZSlotParams },
  image: { params: ZImageParams },
  analyzeCard: { body: ZAnalyze },
  setWallCountsValue: { body: ZWallCountsValue },
  profit: {},
  realizedCsv: { query: ZRealizedQuery },
  searchMarket: { params: ZSlotParams, query: ZProductSearch },
  refreshMarket: { params: ZSlotParams },
  updateMarket: { params: ZSlotParams, body: ZMarketUpdate },
  sellCard: { params: ZSlotParams, body: ZSell },
  listAlerts: {},
  createAlert: { body: ZAlertInput },
  deleteAlert: { params: ZAlertId },
  unsubscribeAlert: { query: ZUnsubscribeQuery },
  adminPrices: {},
  getShare: {},
  createShare: { body: ZCreateShare },
  updateShare: { body: ZUpdateShare },
  revokeShare: {},
  sharedWall: { params: ZShareTokenParams },
  sharePreview: { params: ZShareTokenParams },
  sharedImage: { params: ZShareImageParams },
  startCertIntake: { body: ZCertIntake },
  certBatch: { params: ZIntakeId },
  addIntakePhoto: { body: ZPhotoFields },
  intakePhotos: {},
  forgetIntakePhoto: { params: ZIntakeId },
  billingConfig: {},
  subscriptionStatus: {},
  createSubscription: {},
  createTrialUpgradeCheckout: {},
  paymentIntent: { params: ZSubscriptionParams },
  syncSubscription: {},
  cancelSubscription: {},
  reactivateSubscription: {},
  billingPortal: {},
  checkoutSession: { params: ZCheckoutSessionParams },
  completeAccountSetup: { body: ZCompleteSetup },
  stripeWebhook: {},
  testPay: { body: ZTestPay },
  testCheckout: { params: ZTestSessionParams },
  testCheckoutPay: { params: ZTestSessionParams, body: ZTestCheckoutPay },
  testPortal: {},
  testPaymentMethod: { body: ZTestPaymentMethod },
  adminStats: {},
  adminSeries: { query: ZSeriesQuery },
  health: {},
  openApi: {},
};
