/** The part of s3rver (a local S3-compatible server for tests) the tests use; it ships no types. */
declare module 's3rver' {
  import { EventEmitter } from 'node:events';

  interface TS3Event {
    Records: Array<{ eventName: string; s3: { bucket: { name: string }; object: { key: string } } }>;
  }

  export default class S3rver extends EventEmitter {
    constructor(options: {
      port?: number;
      address?: string;
      silent?: boolean;
      directory: string;
      configureBuckets?: Array<{ name: string; configs: Array<string | Buffer> }>;
    });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    on(event: 'event', listener: (event: TS3Event) => void): this;
  }
}
