import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type * as S3 from '@aws-sdk/client-s3';
import type { TEnv } from '../../env.ts';
import { checkKey, type ImageStore, type TStoredFile } from './image-store.ts';

let sdk: typeof S3 | undefined;
/** AWS's S3 client, loaded when S3_BUCKET is set: not at every start on local images (docs/choices.md 46). */
const s3 = () => (sdk ??= createRequire(import.meta.url)('@aws-sdk/client-s3') as typeof S3);

type TS3Env = Pick<TEnv, 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'> & { S3_BUCKET: string };

/** An S3 client for the settings: AWS S3, or any S3-compatible server at S3_ENDPOINT. */
export function createS3Client(env: TS3Env): S3.S3Client {
  return new (s3().S3Client)({
    region: env.S3_REGION,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    ...(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } }
      : {}),
    // Checksums only where S3 requires them: S3-compatible servers differ in the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * Image files as objects of one bucket, keyed as on disk (`<userId>/<imageId>/<file>`). Writes
 * are single PUTs (a photo is at most 10 MB), reads whole objects; the API streams them to their
 * owner (api/routes/images), so the bucket stays private.
 */
export function s3ImageStore(env: TS3Env, client = createS3Client(env)): ImageStore {
  const Bucket = env.S3_BUCKET;
  const { DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadBucketCommand, ListObjectsV2Command, PutObjectCommand } = s3();
  async function* list(prefix?: string): AsyncGenerator<TStoredFile> {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
      for (const o of page.Contents ?? []) {
        if (o.Key) yield { key: o.Key, bytes: o.Size ?? 0, modifiedAt: o.LastModified ?? new Date(0) };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }
  return {
    /**
     * One PutObject: S3 makes an object visible only once all of it is stored, and Content-MD5 has it
     * refuse a body that arrives cut or changed, so the object exists whole or not at all.
     */
    async write(key, data) {
      const ContentMD5 = createHash('md5').update(data).digest('base64');
      await client.send(new PutObjectCommand({ Bucket, Key: checkKey(key), Body: data, ContentLength: data.length, ContentMD5 }));
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    async read(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    /** Every object in the folder `prefix/` (S3 has no folders: the keys that start with it). */
    async removePrefix(prefix) {
      const keys: string[] = [];
      for await (const file of list(`${checkKey(prefix)}/`)) keys.push(file.key);
      for (let i = 0; i < keys.length; i += 1000) {
        const Objects = keys.slice(i, i + 1000).map((Key) => ({ Key }));
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
      }
    },
    list: () => list(),
    async ping() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}
