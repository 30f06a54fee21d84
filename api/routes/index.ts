import Router from '@koa/router';
import type { TDeps } from '../deps.ts';
import { notFound } from '../errors.ts';
import { authRoutes } from './auth/auth.ts';
import { userRoutes } from './user/user.ts';
import { cardRoutes } from './cards/cards.ts';
import { imageRoutes } from './images/images.ts';
import { trialRoutes } from './trial/trial.ts';
import { analysisRoutes } from './analysis/analysis.ts';
import { checkoutRoutes } from './billing/checkout.ts';
import { subscriptionRoutes } from './billing/subscription.ts';
import { testModeRoutes } from './billing/test-mode.ts';
import { adminRoutes } from './admin/admin.ts';
import { healthRoutes } from './health/health.ts';
import { shareRoutes } from './share/share.ts';
import { priceRoutes } from './prices/prices.ts';
import { intakeRoutes } from './intake/intake.ts';
import { openApiRoutes } from './openapi/openapi.ts';

/** The whole JSON API under /api. Unknown /api paths answer a JSON 404. */
export function apiRouter(deps: TDeps): Router {
  const api = new Router({ prefix: '/api' });
  const groups = [
    authRoutes(deps),
    userRoutes(deps),
    priceRoutes(deps),
    cardRoutes(deps),
    imageRoutes(deps),
    trialRoutes(deps),
    analysisRoutes(deps),
    subscriptionRoutes(deps),
    checkoutRoutes(deps),
    adminRoutes(deps),
    healthRoutes(deps),
    shareRoutes(deps),
    intakeRoutes(deps),
    // Local billing's TEST MODE calls exist only when it is the provider.
    ...(deps.billing.testMode ? [testModeRoutes(deps, deps.billing.testMode)] : []),
  ];
  // Each group's routes join this router's own list (@koa/router copies a nested router's layers), so
  // one match serves a request. No allowedMethods layers: they would wrap every request, and the
  // catch-all below already answers a wrong method with the JSON 404.
  for (const routes of groups) api.use(routes.routes());
  api.use(openApiRoutes(api).routes());
  api.all('/{*rest}', () => {
    throw notFound('No such API endpoint');
  });
  return api;
}
