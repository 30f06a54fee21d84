/**
 * Finds NotificationResponse messages ('A': pid, channel, payload) in a stream of PostgreSQL
 * backend messages that arrives in chunks of any size. PGlite has one session: a NOTIFY raised by
 * any client's transaction (the cache triggers of every process) comes back, at its commit, in the
 * answer to whichever client committed it. The owner's thread reads them here and tells its own
 * process (owner.ts), so nothing depends on a client listening through the socket.
 */
export class NotificationScanner {
  private header = Buffer.alloc(0);
  private remaining = 0;
  private body: Buffer[] | null = null;
  private readonly onNotification: (channel: string, payload: string) => void;

  constructor(onNotification: (channel: string, payload: string) => void) {
    this.onNotification = onNotification;
  }

  push(chunk: Uint8Array): void {
    let data = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    while (data.length) {
      if (this.remaining === 0) {
        // The 5-byte header (type, length including itself) may itself be split.
        const need = 5 - this.header.length;
        this.header = Buffer.concat([this.header, data.subarray(0, need)]);
        data = data.subarray(need);
        if (this.header.length < 5) return;
        this.remaining = this.header.readInt32BE(1) - 4;
        this.body = this.header[0] === 0x41 ? [] : null;
        this.header = Buffer.alloc(0);
        if (this.remaining === 0) this.finish();
        continue;
      }
      const take = Math.min(this.remaining, data.length);
      this.body?.push(data.subarray(0, take));
      this.remaining -= take;
      data = data.subarray(take);
      if (this.remaining === 0) this.finish();
    }
  }

  /** Forgets a message cut short (an answer that failed midway). */
  reset(): void {
    this.header = Buffer.alloc(0);
    this.remaining = 0;
    this.body = null;
  }

  private finish(): void {
    if (!this.body) return;
    const message = Buffer.concat(this.body);
    this.body = null;
    const channelEnd = message.indexOf(0, 4);
    const payloadEnd = message.indexOf(0, channelEnd + 1);
    if (channelEnd < 0 || payloadEnd < 0) return;
    this.onNotification(message.toString('utf8', 4, channelEnd), message.toString('utf8', channelEnd + 1, payloadEnd));
  }
}
