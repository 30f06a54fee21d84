import { Writable } from 'node:stream';
import type { Context, Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { MAX_IMAGE_BYTES } from '../../core/limits.ts';
import { AppError, badRequest } from '../errors.ts';
import { refuseContentEncoding } from './body.ts';

/** Bytes of each uploaded file, kept in memory (keyed by formidable's file object). */
const received = new WeakMap<object, Buffer[]>();

const parse = koaBody({
  multipart: true,
  json: false,
  urlencoded: false,
  text: false,
  formidable: {
    maxFileSize: MAX_IMAGE_BYTES,
    maxFiles: 1,
    maxFields: 10,
    maxFieldsSize: 64 * 1024,
    allowEmptyFiles: false,
    // Files stay in memory (10 MB at most, read whole anyway): a refused or interrupted upload
    // leaves no temporary file behind, whatever the reason or the moment.
    fileWriteStreamHandler: (file) => {
      const chunks: Buffer[] = [];
      if (file) received.set(file, chunks);
      return new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
      });
    },
  },
  onError(err) {
    const tooBig = /maxFileSize|maxTotalFileSize|exceeded/i.test(err.message);
    throw tooBig ? new AppError(413, 'image_too_large', 'Image is larger than 10 MB') : badRequest('invalid_upload', 'The upload could not be read');
  },
});

/** Multipart form parser for a photo upload: at most one file (10 MB) and ten small text fields. */
export function imageUpload(): Middleware {
  return async (ctx, next) => {
    refuseContentEncoding(ctx);
    return parse(ctx, next);
  };
}

/** The single uploaded file named `image` (400 `image_required` when there is none). */
export function uploadedImage(ctx: Context): Buffer {
  const files = (ctx.request as unknown as { files?: Record<string, object | object[]> }).files ?? {};
  const entry = files.image;
  const file = Array.isArray(entry) ? entry[0] : entry;
  const chunks = file ? received.get(file) : undefined;
  if (!chunks) throw badRequest('image_required', 'image: an image file is required');
  return Buffer.concat(chunks);
}
