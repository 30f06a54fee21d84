import type { PGlite } from '@electric-sql/pglite';
import { NotificationScanner } from './notification-scanner.ts';

/** One protocol message from a client, waiting for its turn. */
interface TPending {
  clientId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (err: Error) => void;
}

/** True when a reply ends with ReadyForQuery ('Z', length 5) with status 'I': no transaction open. */
function endsIdle(tail: number[]): boolean {
  return tail.length === 6 && tail[0] === 0x5a && tail[1] === 0 && tail[2] === 0 && tail[3] === 0 && tail[4] === 5 && tail[5] === 0x49;
}

/**
 * Gives one client at a time the PGlite session, from its first message until PGlite answers
 * ReadyForQuery with status 'I' (idle: no transaction open). PGlite has a single session, so
 * messages of two clients must never interleave: pglite-socket 0.2.17's own queue interleaves
 * them message by message outside explicit transactions, which lets one client's Parse replace
 * another's unnamed statement between its Parse and Bind. This is a drop-in for that queue
 * (same three methods), used by pglite-socket's PGLiteSocketHandler.
 */
export class SessionGate {
  private readonly waiting: TPending[] = [];
  private owner: number | null = null;
  private running = false;
  private readonly db: PGlite;
  private readonly scanner: NotificationScanner | null;

  /** `onNotification` hears every NOTIFY that reaches PGlite's one session (see notification-scanner.ts). */
  constructor(db: PGlite, onNotification?: (channel: string, payload: string) => void) {
    this.db = db;
    this.scanner = onNotification ? new NotificationScanner(onNotification) : null;
  }

  /** Runs one message of `clientId` when the session is free or already its own. */
  enqueue(clientId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ clientId, message, onData, resolve, reject });
      void this.pump();
    });
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (;;) {
        const i = this.waiting.findIndex((p) => this.owner === null || p.clientId === this.owner);
        if (i === -1) return;
        const next = this.waiting.splice(i, 1)[0]!;
        this.owner = next.clientId;
        let bytes = 0;
        let tail: number[] = [];
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(next.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                tail = [...tail, ...data.subarray(Math.max(0, data.length - 6))].slice(-6);
                // Heard before the client gets its answer: the owner learns of a commit first.
                this.scanner?.push(data);
                next.onData(data);
              },
            }),
          );
          if (endsIdle(tail)) this.owner = null;
          next.resolve(bytes);
        } catch (err) {
          this.scanner?.reset();
          next.reject(err as Error);
        }
      }
    } finally {
      this.running = false;
    }
  }

  /** A client went away: its waiting messages are dropped. */
  clearQueueForHandler(clientId: number): void {
    for (let i = this.waiting.length - 1; i >= 0; i--) {
      if (this.waiting[i]!.clientId !== clientId) continue;
      this.waiting.splice(i, 1)[0]!.reject(new Error('client disconnected'));
    }
  }

  /** A client went away holding the session: its open transaction is rolled back, the session freed. */
  async clearTransactionIfNeeded(clientId: number): Promise<void> {
    if (this.owner !== clientId) return;
    if (!this.db.closed && this.db.isInTransaction()) await this.db.exec('ROLLBACK');
    this.owner = null;
    void this.pump();
  }
}
