import type { Knex } from 'knex';
import type { TEnv } from '../../env.ts';
import type { Logger } from '../../logger.ts';
import type { CardAnalyzer } from '../analysis/card-analyzer.ts';
import type { ImageStore } from '../images/image-store.ts';
import { createCertQueue, type CertQueue } from './cert-queue.ts';
import { createPhotoQueue, type PhotoQueue } from './photo-queue.ts';
import { NO_PSA, createPsaClient, type PsaClient } from './psa-client.ts';

/** Bulk intake (docs/choices.md 42): PSA's cert API (or its stand-in), the cert queue and the photo queue. */
export interface TIntake {
  psa: PsaClient;
  certs: CertQueue;
  photos: PhotoQueue;
}

/** The PSA client the settings choose: PSA's public cert API with PSA_API_TOKEN, else NO_PSA (cards hold their cert only). */
export function createPsa(env: Pick<TEnv, 'PSA_API_TOKEN' | 'PSA_API_BASE_URL' | 'PSA_API_CALLS_PER_MINUTE'>): PsaClient {
  return env.PSA_API_TOKEN
    ? createPsaClient({ token: env.PSA_API_TOKEN, baseUrl: env.PSA_API_BASE_URL, callsPerMinute: env.PSA_API_CALLS_PER_MINUTE })
    : NO_PSA;
}

export function createIntake(
  env: TEnv,
  deps: { db: Knex; images: ImageStore; analyzer: CardAnalyzer; clock: () => Date; log: Logger },
  psa: PsaClient = createPsa(env),
): TIntake {
  return {
    psa,
    certs: createCertQueue({ ...deps, psa }),
    photos: createPhotoQueue(deps),
  };
}
