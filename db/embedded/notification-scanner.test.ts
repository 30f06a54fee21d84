import { describe, expect, it } from 'vitest';
import { NotificationScanner } from './notification-scanner.ts';

const message = (type: string, body: Buffer) => {
  const header = Buffer.alloc(5);
  header.write(type, 0);
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
};
const notification = (channel: string, payload: string) => message('A', Buffer.concat([Buffer.from([0, 0, 0, 7]), Buffer.from(`${channel}\0${payload}\0`)]));

describe('NotificationScanner', () => {
  const stream = Buffer.concat([
    message('C', Buffer.from('UPDATE 1\0')),
    notification('ratio_cache', '42'),
    message('D', Buffer.alloc(3000, 0x41)),
    notification('other', 'x'),
    message('Z', Buffer.from('I')),
  ]);

  it('finds every notification however the stream is cut, and nothing in other messages', () => {
    for (const size of [1, 2, 5, 7, 64, stream.length]) {
      const found: string[] = [];
      const scanner = new NotificationScanner((channel, payload) => found.push(`${channel}:${payload}`));
      for (let i = 0; i < stream.length; i += size) scanner.push(new Uint8Array(stream.subarray(i, i + size)));
      expect(found).toEqual(['ratio_cache:42', 'other:x']);
    }
  });
});
