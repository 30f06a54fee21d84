/**
 * The API's contract: every call under /api with its method, path, request schemas (as types; the
 * values, with each call's OpenAPI summary, are in `schemas.ts`, keyed alike) and answer, one export per call (its name is the
 * operationId). Imported as a namespace, `import * as API from './api.ts'`: the server registers its
 * routes from it (`api/routes/serve.ts`), the site (`site/src/lib/api.ts`, bundling only the calls it
 * makes) and the API tests (`tests/helpers/http.ts`) make their calls through it, and
 * GET /api/openapi.json publishes it.
 */
import type { TCardAnalysis } from '../analysis/types.ts';
import { call, types } from './call.ts';
import type { TAdminSeries, TAdminStats, ZSeriesQuery } from './admin.types.ts';
import type { TAccountAnswer, ZForgotPassword, ZLogin, ZRegister, ZResetPassword, ZStartTrial } from './auth.types.ts';
import type {
  TBillingConfig,
  TCancelAnswer,
  TCheckoutSessionAnswer,
  TCreateSubscriptionAnswer,
  TPaymentStep,
  TPortalAnswer,
  TReactivateAnswer,
  TSubscriptionStatusView,
  TSyncAnswer,
  TTestCheckoutPaid,
  TTestCheckoutView,
  TTestPortalView,
  ZCheckoutSessionParams,
  ZCompleteSetup,
  ZSubscriptionParams,
  ZTestCheckoutPay,
  ZTestPay,
  ZTestPaymentMethod,
  ZTestSessionParams,
} from './billing.types.ts';
import type {
  TMarketCardAnswer,
  TMarketView,
  TMigrateAnswer,
  TSlotView,
  TTransferAnswer,
  ZCardFields,
  ZCardsQuery,
  ZMarketUpdate,
  ZMigrate,
  ZProductSearch,
  ZImageParams,
  ZSlotParams,
  ZSwap,
  ZTransfer,
  ZUploadFields,
  ZWallCountsValue,
} from './cards.types.ts';
import type { TCardHistoryAnswer, TImportAnswer, TTotalHistoryAnswer, ZExportQuery, ZHistoryQuery, ZImportRequest } from './csv.types.ts';
import type { TCertBatchView, TPhotoItemView, ZCertIntake, ZIntakeId, ZPhotoFields } from './intake.types.ts';
import type {
  TAdminPricesAnswer,
  TAlertView,
  TMarketSearchAnswer,
  TProfitAnswer,
  TSaleView,
  ZAlertId,
  ZAlertInput,
  ZRealizedQuery,
  ZSell,
  ZUnsubscribeQuery,
} from './prices.types.ts';
import type { TShareAnswer, TShareLink, TSharedWall, ZCreateShare, ZShareImageParams, ZShareTokenParams, ZUpdateShare } from './share.types.ts';
import type { TUserView, ZChangePassword, ZUpdateName } from './user.types.ts';
import type { ZAnalyze } from './analysis.types.ts';
import type { TCountsValue } from '../prices.ts';

type TMessage = { message: string };

// Accounts
export const register = call('POST', '/api/register', { answer: 'json', body: 'json', types: types<{ body: typeof ZRegister; answer: TAccountAnswer }>() });
export const login = call('POST', '/api/login', { answer: 'json', body: 'json', types: types<{ body: typeof ZLogin; answer: TUserView }>() });
export const loginPage = call('GET', '/api/login', { answer: 'redirect' });
export const logout = call('POST', '/api/logout', { answer: 'json', types: types<{ answer: { ok: true } }>() });
export const forgotPassword = call('POST', '/api/forgot-password', {
  answer: 'json',
  body: 'json',
  types: types<{ body: typeof ZForgotPassword; answer: TMessage }>(),
});
export const resetPassword = call('POST', '/api/reset-password', {
  answer: 'json',
  body: 'json',
  types: types<{ body: typeof ZResetPassword; answer: TMessage }>(),
});
export const currentUser = call('GET', '/api/user', { answer: 'json', types: types<{ answer: TUserView | null }>() });
export const authUser = call('GET', '/api/auth/user', { answer: 'json', types: types<{ answer: TUserView }>() });
export const updateName = call('PATCH', '/api/auth/user', { answer: 'json', body: 'json', types: types<{ body: typeof ZUpdateName; answer: TUserView }>() });
export const changePassword = call('POST', '/api/auth/change-password', {
  answer: 'json',
  body: 'json',
  types: types<{ body: typeof ZChangePassword; answer: TMessage }>(),
});
export const startFreeTrial = call('POST', '/api/start-free-trial', {
  answer: 'json',
  body: 'json',
  types: types<{ body: typeof ZStartTrial; answer: TAccountAnswer }>(),
});

// Cards
export const listCards = call('GET', '/api/cards', { answer: 'json', types: types<{ query: typeof ZCardsQuery; answer: TSlotView[] }>() });
export const swapCards = call('POST', '/api/cards/swap', { answer: 'json', body: 'json', types: types<{ body: typeof ZSwap; answer: TSlotView[] }>() });
export const uploadCard = call('POST', '/api/cards/:slot/upload', {
  answer: 'json',
  body: 'form',
  types: types<{ params: typeof ZSlotParams; body: typeof ZUploadFields; answer: TSlotView }>(),
});
export const updateCard = call('PATCH', '/api/cards/:slot', {
  answer: 'json',
  body: 'json',
  types: types<{ params: typeof ZSlotParams; body: typeof ZCardFields; answer: TSlotView }>(),
});
export const clearSlot = call('DELETE', '/api/cards/:slot', { answer: 'json', types: types<{ params: typeof ZSlotParams; answer: TSlotView }>() });
export const transferCollection = call('POST', '/api/transfer-collection', {
  answer: 'json',
  body: 'json',
  types: types<{ body: typeof ZTransfer; answer: TTransferAnswer }>(),
});
export const migrateCollection = call('POST', '/api/migrate-collection', {
  answer: 'json',
  body: 'json',
  types: types<{ body: typeof ZMigrate; answer: TMigrateAnswer }>(),
});
export const totalValueHistory = call('GET', '/api/cards/value-history', {
  answer: 'json',
  types: types<{ query: typeof ZHistoryQuery; answer: TTotalHistoryAnswer }>(),
});
export const exportCards = call('GET', '/api/cards/export.csv', { answer: 'csv', types: types<{ query: typeof ZExportQuery }>() });
export const previewImport = call('POST', '/api/cards/import/preview', {
  answer: 'json',
  body: 'json',
  types: types<{ body: typeof ZImportRequest; answer: TImportAnswer }>(),
});
export const importCards = call('POST', '/api/cards/import', {
  answer: 'json',
  body: 'json',
  types: types<{ body: typeof ZImportRequest; answer: TImportAnswer }>(),
});
export const cardValueHistory = call('GET', '/api/cards/:slot/history', {
  answer: 'json',
  types: types<{ params: typeof ZSlotParams; answer: TCardHistoryAnswer }>(),
});
export const image = call('GET', '/api/images/:id/:variant', { answer: 'image', types: types<{ params: typeof ZImageParams }>() });
export const analyzeCard = call('POST', '/api/analyze-card', {
  answer: 'json',
  body: 'json',
  types: types<{ body: typeof ZAnalyze; answer: TCardAnalysis }>(),
});

// Market values, P&L, price alerts
export const setWallCountsValue = call('PUT', '/api/cards/counts-value', {
  answer: 'json',
  body: 'json',
  types: types<{ body: typeof ZWallCountsValue; answer: { countsValue: TCountsValue } }>(),
});
export const profit = call('GET', '/api/cards/profit', { answer: 'json', types: types<{ answer: TProfitAnswer }>() });
export const realizedCsv = call('GET', '/api/cards/realized.csv', { answer: 'csv', types: types<{ query: typeof ZRealizedQuery }>() });
export const cardMarket = call('GET', '/api/cards/:slot/market', {
  answer: 'json',
  types: types<{ params: typeof ZSlotParams; answer: { market: TMarketView | null } }>(),
});
export const searchMarket = call('GET', '/api/cards/:slot/market/search', {
  answer: 'json',
  types: types<{ params: typeof ZSlotParams; query: typeof ZProductSearch; answer: TMarketSearchAnswer }>(),
});
export const refreshMarket = call('POST', '/api/cards/:slot/market/refresh', {
  answer: 'json',
  types: types<{ params: typeof ZSlotParams; answer: TMarketCardAnswer }>(),
});
export const updateMarket = call('PATCH', '/api/cards/:slot/market', {
  answer: 'json',
  body: 'json',
  types: types<{ params: typeof ZSlotParams; body: typeof ZMarketUpdate; answer: TMarketCardAnswer }>(),
});
export const sellCard = call('POST', '/api/cards/:slot/sell', {
  answer: 'json',
  body: 'json',
  types: types<{ params: typeof ZSlotParams; body: typeof ZSell; answer: TSaleView }>(),
});
export const listAlerts = call('GET', '/api/price-alerts', { answer: 'json', types: types<{ answer: TAlertView[] }>() });
export const createAlert = call('POST', '/api/price-alerts', {
  answer: 'json',
  body: 'json',
  types: types<{ body: typeof ZAlertInput; answer: TAlertView }>(),
});
export const deleteAlert = call('DELETE', '/api/price-alerts/:id', { answer: 'empty', types: types<{ params: typeof ZAlertId }>() });
export const unsubscribeAlert = call('GET', '/api/price-alerts/unsubscribe', { answer: 'html', types: types<{ query: typeof ZUnsubscribeQuery }>() });
export const adminPrices = call('GET', '/api/admin/prices', { answer: 'json', types: types<{ answer: TAdminPricesAnswer }>() });

// Share links
export const getShare = call('GET', '/api/share', { answer: 'json', types: types<{ answer: TShareAnswer }>() });
export const createShare = call('POST', '/api/share', { answer: 'json', body: 'json', types: types<{ body: typeof ZCreateShare; answer: TShareLink }>() });
export const updateShare = call('PATCH', '/api/share', { answer: 'json', body: 'json', types: types<{ body: typeof ZUpdateShare; answer: TShareLink }>() });
export const revokeShare = call('DELETE', '/api/share', { answer: 'json', types: types<{ answer: { revoked: boolean } }>() });
export const sharedWall = call('GET', '/api/share/:token', { answer: 'json', types: types<{ params: typeof ZShareTokenParams; answer: TSharedWall }>() });
export const sharePreview = call('GET', '/api/share/:token/preview.png', { answer: 'image', types: types<{ params: typeof ZShareTokenParams }>() });
export const sharedImage = call('GET', '/api/share/:token/images/:id/:variant', { answer: 'image', types: types<{ params: typeof ZShareImageParams }>() });

// Bulk intake
export const startCertIntake = call('POST', '/api/intake/certs', {
  answer: 'json',
  body: 'json',
  types: types<{ body: typeof ZCertIntake; answer: TCertBatchView }>(),
});
export const certBatch = call('GET', '/api/intake/certs/:id', { answer: 'json', types: types<{ params: typeof ZIntakeId; answer: TCertBatchView }>() });
export const addIntakePhoto = call('POST', '/api/intake/photos', {
  answer: 'json',
  body: 'form',
  types: types<{ body: typeof ZPhotoFields; answer: TPhotoItemView }>(),
});
export const intakePhotos = call('GET', '/api/intake/photos', { answer: 'json', types: types<{ answer: { psa: boolean; items: TPhotoItemView[] } }>() });
export const forgetIntakePhoto = call('DELETE', '/api/intake/photos/:id', { answer: 'empty', types: types<{ params: typeof ZIntakeId }>() });

// Billing
export const billingConfig = call('GET', '/api/billing/config', { answer: 'json', types: types<{ answer: TBillingConfig }>() });
export const subscriptionStatus = call('GET', '/api/subscription/status', { answer: 'json', types: types<{ answer: TSubscriptionStatusView }>() });
export const createSubscription = call('POST', '/api/create-subscription', { answer: 'json', types: types<{ answer: TCreateSubscriptionAnswer }>() });
export const createTrialUpgradeCheckout = call('POST', '/api/create-trial-upgrade-checkout', { answer: 'json', types: types<{ answer: TPaymentStep }>() });
export const paymentIntent = call('GET', '/api/subscription/:subscriptionId/payment-intent', {
  answer: 'json',
  types: types<{ params: typeof ZSubscriptionParams; answer: TPaymentStep }>(),
});
export const syncSubscription = call('POST', '/api/sync-subscription-status', { answer: 'json', types: types<{ answer: TSyncAnswer }>() });
export const cancelSubscription = call('POST', '/api/subscription/cancel', { answer: 'json', types: types<{ answer: TCancelAnswer }>() });
export const reactivateSubscription = call('POST', '/api/subscription/reactivate', { answer: 'json', types: types<{ answer: TReactivateAnswer }>() });
export const billingPortal = call('POST', '/api/subscription/portal', { answer: 'json', types: types<{ answer: TPortalAnswer }>() });
export const checkoutSession = call('GET', '/api/checkout-session/:sessionId', {
  answer: 'json',
  types: types<{ params: typeof ZCheckoutSessionParams; answer: TCheckoutSessionAnswer }>(),
});
export const completeAccountSetup = call('POST', '/api/complete-account-setup', {
  answer: 'json',
  body: 'json',
  types: types<{ body: typeof ZCompleteSetup; answer: TAccountAnswer }>(),
});
export const stripeWebhook = call('POST', '/api/stripe/webhook', {
  answer: 'json',
  body: 'raw',
  types: types<{ answer: { received: true; outcome: string } }>(),
});
export const testPay = call('POST', '/api/billing/test/pay', {
  answer: 'json',
  body: 'json',
  testModeOnly: true,
  types: types<{ body: typeof ZTestPay; answer: TSyncAnswer }>(),
});
export const testCheckout = call('GET', '/api/billing/test/checkout/:sessionId', {
  answer: 'json',
  testModeOnly: true,
  types: types<{ params: typeof ZTestSessionParams; answer: TTestCheckoutView }>(),
});
export const testCheckoutPay = call('POST', '/api/billing/test/checkout/:sessionId/pay', {
  answer: 'json',
  body: 'json',
  testModeOnly: true,
  types: types<{ params: typeof ZTestSessionParams; body: typeof ZTestCheckoutPay; answer: TTestCheckoutPaid }>(),
});
export const testPortal = call('GET', '/api/billing/test/portal', { answer: 'json', testModeOnly: true, types: types<{ answer: TTestPortalView }>() });
export const testPaymentMethod = call('POST', '/api/billing/test/portal/payment-method', {
  answer: 'json',
  body: 'json',
  testModeOnly: true,
  types: types<{ body: typeof ZTestPaymentMethod; answer: TSyncAnswer }>(),
});

// Operators
export const adminStats = call('GET', '/api/admin/stats', { answer: 'json', types: types<{ answer: TAdminStats }>() });
export const adminSeries = call('GET', '/api/admin/series', { answer: 'json', types: types<{ query: typeof ZSeriesQuery; answer: TAdminSeries }>() });
export const health = call('GET', '/api/health', { answer: 'json', types: types<{ answer: { status: 'ok'; database: 'ok'; storage: 'ok' } }>() });
export const openApi = call('GET', '/api/openapi.json', { answer: 'json', types: types<{ answer: Record<string, unknown> }>() });
