import busboy from 'busboy';
import type { Context, Middleware } from 'koa';
import { MAX_IMAGE_BYTES } from '../../core/limits.ts';
import { AppError, badRequest } from '../errors.ts';
import { refuseContentEncoding } from './body.ts';

/**
 * Limits of a photo upload form: one file (MAX_IMAGE_BYTES), 24 text fields of 64 KB in all (the
 * spec's four and a card's own fields, docs/choices.md 39).
 */
const MAX_FIELDS = 24;
const MAX_FIELDS_BYTES = 64 * 1024;

/** The uploaded file's bytes, by request (set by imageUpload, read by uploadedImage). */
const received = new WeakMap<Context, Buffer>();

const tooLarge = () => new AppError(413, 'image_too_large', 'Image is larger than 10 MB');
const overLimit = (what: string) => new AppError(413, 'upload_too_large', `The form has ${what}`);
/** A body that is not a whole multipart form (cut inside the headers or a part, no closing boundary). */
const unreadable = () => badRequest('bad_request', 'The upload could not be read');

/**
 * Reads a multipart form (busboy, streaming) into memory: the text fields as the request body and
 * the file named `image` as one Buffer. No temporary file is ever written, so a refused or
 * interrupted upload leaves nothing behind, whatever the reason or the moment. Refuses a second
 * file, an image over 10 MB, an empty image (413 / 400) and more than 24 fields or 64 KB of them
 * (413), as soon as the limit is passed, without reading the rest.
 */
function readForm(ctx: Context): Promise<{ fields: Record<string, string>; image: Buffer | null }> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: ctx.req.headers,
        limits: { files: 1, fileSize: MAX_IMAGE_BYTES, fields: MAX_FIELDS, fieldSize: MAX_FIELDS_BYTES },
      });
    } catch {
      reject(unreadable());
      return;
    }
    const fields: Record<string, string> = {};
    let fieldBytes = 0;
    let image: Buffer | null = null;
    let failed = false;
    const fail = (err: AppError) => {
      if (failed) return;
      failed = true;
      ctx.req.unpipe(parser);
      // The rest of the body is read and dropped, so the answer reaches the client and the connection
      // stays usable (the server's request timeout bounds a body that never ends).
      ctx.req.resume();
      reject(err);
    };

    parser.on('field', (name, value, info) => {
      fieldBytes += Buffer.byteLength(value);
      if (info.valueTruncated || fieldBytes > MAX_FIELDS_BYTES) fail(overLimit('more than 64 KB of text fields'));
      else fields[name] = value;
    });
    parser.on('file', (name, stream) => {
      // A body that ends inside the file makes this stream emit 'error' (busboy: "Unexpected end of
      // form"); unhandled, that error would end the process (docs/choices.md 43).
      stream.on('error', () => fail(unreadable()));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
      });
      stream.on('limit', () => fail(tooLarge()));
      stream.on('end', () => {
        if (failed || name !== 'image') return;
        if (size === 0) fail(badRequest('invalid_upload', 'The image file is empty'));
        else image = Buffer.concat(chunks, size);
      });
    });
    parser.on('filesLimit', () => fail(overLimit('more than one file')));
    parser.on('fieldsLimit', () => fail(overLimit(`more than ${MAX_FIELDS} fields`)));
    parser.on('error', () => fail(unreadable()));
    parser.on('close', () => {
      if (!failed) resolve({ fields, image });
    });
    ctx.req.on('aborted', () => fail(unreadable()));
    ctx.req.on('error', () => fail(unreadable()));
    // The request ended (or was cut) before busboy saw the closing boundary: busboy reports it as an
    // 'error' above; this covers a stream that closes without one.
    ctx.req.on('close', () => {
      if (!ctx.req.complete) fail(unreadable());
    });
    ctx.req.pipe(parser);
  });
}

/** Multipart form parser for a photo upload: at most one file (10 MB) and ten small text fields. */
export function imageUpload(): Middleware {
  return async (ctx, next) => {
    refuseContentEncoding(ctx);
    if (!ctx.is('multipart/form-data')) return next();
    const { fields, image } = await readForm(ctx);
    (ctx.request as unknown as { body: unknown }).body = fields;
    if (image) received.set(ctx, image);
    return next();
  };
}

/** The single uploaded file named `image` (400 `image_required` when there is none). */
export function uploadedImage(ctx: Context): Buffer {
  const image = received.get(ctx);
  if (!image) throw badRequest('image_required', 'image: an image file is required');
  return image;
}
