/**
 * Hostile inputs for the abuse suite: path parameters, JSON bodies, encodings, content types and
 * multipart forms an attacker (or a broken client) might send. Every entry is invalid for every
 * route, so the only right answers are 4xx in the error shape (or a 2xx from a route that reads no
 * body at all). Big bodies are built once, before the event-loop monitor starts.
 */

/** A request body as sent on the wire. */
export interface THostileBody {
  name: string;
  body: string | Uint8Array | FormData;
  headers: Record<string, string>;
}

const json = (name: string, body: string): THostileBody => ({ name, body, headers: { 'content-type': 'application/json' } });

/** Every field name any route reads, set to the same hostile value. */
function everyField(value: unknown): string {
  const fields = [
    'email',
    'password',
    'firstName',
    'lastName',
    'token',
    'currentPassword',
    'newPassword',
    'title',
    'description',
    'value',
    'allTimeHigh',
    'fromSlot',
    'toSlot',
    'image',
    'collectionData',
    'collection',
    'sessionId',
    'slotNumber',
  ];
  return JSON.stringify(Object.fromEntries(fields.map((f) => [f, value])));
}

/** The data-URL header that froze the process (docs/choices.md 15), in its 19-group and 256-character forms. */
export const HOSTILE_HEADER_19 = `data:image/png;${'aaa;'.repeat(19)}!`;
export const HOSTILE_HEADER_256 = `data:image/png;${'aaa;'.repeat(60)}!`.slice(0, 256);

/** Values that must never be read as a slot number, an image id or any other path parameter. */
export const HOSTILE_PARAMS: Record<string, string[]> = {
  slot: ['0x2', '+2', '2.0', '0b10', '%202', '02', '2e0', '0', '-1', '1001', '99999999999999999999', 'NaN', 'Infinity', '%00', '2%00', '%ff', '..%2F..%2Fetc'],
  id: ['%00', '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(2000), '00000000-0000-4000-8000-00000000000g', '%ff%fe'],
  variant: ['original%00', '..', 'thumb.webp', 'ORIGINAL'],
  '*': ['%00', '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(2000), '%ff', "'%20OR%201%3D1%20--", '-1', '1e999'],
};

/** Small JSON bodies: malformed, not an object, wrong types, NUL bytes, pollution, hostile data URLs. */
export function smallBodies(): THostileBody[] {
  const dataUrls = [HOSTILE_HEADER_19, HOSTILE_HEADER_256, 'data:image/png;base64,@@@', 'data:,', `data:image/png;base64,${'A'.repeat(100)}`];
  return [
    json('malformed JSON', '{"email": '),
    json('array', '[1,2,3]'),
    json('string', '"hello"'),
    json('null', 'null'),
    json('number', '42'),
    json('deep object', `{"a":${'{"a":'.repeat(50)}1${'}'.repeat(50)}}`),
    json('empty object', '{}'),
    json('every field an array', everyField([2])),
    json('every field an object', everyField({ $gt: '' })),
    json('every field a boolean', everyField(true)),
    json('every field a float', everyField(2.5)),
    json('every field a huge number', everyField(1e308)),
    json('every field a NUL', everyField('a\u0000b')),
    json('every field a lone surrogate and controls', everyField('\ud800\u202e\u0007')),
    json('every field "0x2"', everyField('0x2')),
    json('prototype pollution', '{"__proto__":{"isAdmin":true,"isPro":true},"constructor":{"prototype":{"isAdmin":true}}}'),
    ...dataUrls.map((url, i) =>
      json(
        `hostile data URL ${i}`,
        JSON.stringify({
          image: url,
          collectionData: [{ slotNumber: 1, imageUrl: url, title: 't', description: 'd', value: '1', allTimeHigh: '2' }],
          collection: [{ id: 'x', image: url, player: 'p', year: '2020', brand: 'b', condition: 'c', userValue: '1' }],
        }),
      ),
    ),
    json('slots in loose forms', JSON.stringify({ fromSlot: '0x2', toSlot: [2], title: null })),
    json(
      'too many cards',
      JSON.stringify({ collectionData: Array.from({ length: 101 }, (_, i) => ({ slotNumber: i + 1 })), collection: Array.from({ length: 101 }, () => ({})) }),
    ),
    { name: 'text/plain', body: '{"email":"a@b.co"}', headers: { 'content-type': 'text/plain' } },
    { name: 'form-urlencoded', body: 'email=a%40b.co&password=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    { name: 'multipart without boundary', body: '--x\r\n', headers: { 'content-type': 'multipart/form-data' } },
    { name: 'json declared utf-16', body: '{"a":1}', headers: { 'content-type': 'application/json; charset=utf-16' } },
    ...['gzip', 'deflate', 'br', 'zstd', 'x-unknown', 'gzip, gzip'].map((encoding) => ({
      name: `Content-Encoding ${encoding} (not actually encoded)`,
      body: '{"email":"a@b.co"}',
      headers: { 'content-type': 'application/json', 'content-encoding': encoding },
    })),
    ...multipartBodies(),
  ];
}

/** Multipart forms that must be refused: two files, too many fields, a field over 64 KB, no image, NUL. */
function multipartBodies(): THostileBody[] {
  const file = () => new Blob(['not an image at all'], { type: 'image/jpeg' });
  const form = (build: (f: FormData) => void): FormData => {
    const f = new FormData();
    build(f);
    return f;
  };
  return [
    {
      name: 'multipart: two files',
      body: form((f) => {
        f.append('image', file());
        f.append('image', file());
      }),
      headers: {},
    },
    {
      name: 'multipart: eleven fields',
      body: form((f) => {
        for (let i = 0; i < 11; i++) f.append(`f${i}`, 'x');
        f.append('image', file());
      }),
      headers: {},
    },
    {
      name: 'multipart: a field over 64 KB',
      body: form((f) => {
        f.append('title', 'x'.repeat(70_000));
        f.append('image', file());
      }),
      headers: {},
    },
    {
      name: 'multipart: no image',
      body: form((f) => {
        f.append('title', 'x');
      }),
      headers: {},
    },
    {
      name: 'multipart: text posing as an image',
      body: form((f) => {
        f.append('image', file());
      }),
      headers: {},
    },
    {
      name: 'multipart: NUL in a field',
      body: form((f) => {
        f.append('title', 'a\u0000b');
        f.append('image', file());
      }),
      headers: {},
    },
  ];
}

/** Multi-megabyte bodies: a flat array of millions of values, deep nesting, a string at the size limit. */
export function bigBodies(): THostileBody[] {
  // Encoded once: the client then sends bytes, and the measurement is the server's work.
  const bytes = (name: string, text: string): THostileBody => ({ ...json(name, ''), body: Buffer.from(text) });
  return [
    bytes('5 MB flat array', `{"image":[${'0,'.repeat(2_500_000)}0]}`),
    bytes('4 MB of nesting', `{"a":${'['.repeat(2_000_000)}${']'.repeat(2_000_000)}}`),
    bytes('4 MB of nested arrays (not an object)', `${'['.repeat(2_000_000)}${']'.repeat(2_000_000)}`),
    bytes('a data URL just over 10 MB', JSON.stringify({ image: `data:image/png;base64,${'A'.repeat(14_000_000)}` })),
    bytes('a data URL of 10 MB of zeros', JSON.stringify({ image: `data:image/png;base64,${'A'.repeat(13_900_000)}` })),
    bytes(
      'a card whose photo is 10 MB of zeros',
      JSON.stringify({ collectionData: [{ slotNumber: 1, imageUrl: `data:image/png;base64,${'A'.repeat(13_900_000)}` }] }),
    ),
  ];
}
