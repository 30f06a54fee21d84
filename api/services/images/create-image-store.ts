import path from 'node:path';
import type { TEnv } from '../../env.ts';
import { localImageStore, type ImageStore } from './image-store.ts';
import { s3ImageStore } from './s3-image-store.ts';

type TStoreEnv = Pick<TEnv, 'DATA_DIR' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'>;

/**
 * The image store the settings name (the server and the CLI share it): the S3 bucket S3_BUCKET
 * when set, else DATA_DIR/images.
 */
export function createImageStore(env: TStoreEnv): ImageStore {
  if (env.S3_BUCKET) return s3ImageStore({ ...env, S3_BUCKET: env.S3_BUCKET });
  return localImageStore(path.join(env.DATA_DIR, 'images'));
}
