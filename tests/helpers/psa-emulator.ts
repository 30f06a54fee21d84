import { startHttpPeer, type TCaptured, type THttpPeer, type TReply } from '../analysis/fixtures/http-peer.ts';

/** PSA public API records by cert number, as PSA spells them (`PSACert`). */
export type TPsaRecords = Record<string, Record<string, unknown>>;

/** How the emulator misbehaves for a cert: PSA's 429, an answer later than the client waits, a server error, or an answer of another shape. */
export type TPsaFault = '429' | 'timeout' | '500' | 'shape';

export interface TPsaEmulator {
  baseUrl: string;
  token: string;
  requests: TCaptured[];
  /** Calls to the API endpoints (not image downloads). */
  apiCalls(): number;
  /** Calls answered 429 by the rate limit. */
  limited(): number;
  /** Makes `cert` fail `times` times (Infinity: always) in the given way. */
  fault(cert: string, kind: TPsaFault, times?: number): void;
  /** PSA's rate limit: `calls` API calls per `windowMs` (a token bucket of `calls`); past it, 429 with Retry-After (seconds, rounded up). Null: none. */
  rateLimit(limit: { calls: number; windowMs: number } | null): void;
  close(): Promise<void>;
}

/** A PSA record for a test slab. */
export function psaRecord(
  cert: string,
  o: Partial<Record<'Year' | 'Brand' | 'Subject' | 'CardNumber' | 'Variety' | 'CardGrade' | 'Category', string>> & { TotalPopulation?: number } = {},
) {
  return {
    CertNumber: cert,
    SpecID: 1,
    LabelType: 'LighthouseLabel',
    Year: '2018',
    Brand: 'TOPPS CHROME',
    Category: 'BASEBALL CARDS',
    CardNumber: '193',
    Subject: 'SHOHEI OHTANI',
    Variety: 'REFRACTOR',
    CardGrade: 'GEM MT 10',
    GradeDescription: 'GEM MINT 10',
    IsPSADNA: false,
    IsDualCert: false,
    TotalPopulation: 1000,
    TotalPopulationWithQualifier: 0,
    PopulationHigher: 0,
    ...o,
  };
}

/** The fields of a 1986 Fleer Michael Jordan #57, the tests' second slab; `psaRecord(cert, { ...JORDAN_1986, CardGrade, TotalPopulation })`. */
export const JORDAN_1986 = { Year: '1986', Brand: 'FLEER', Subject: 'MICHAEL JORDAN', CardNumber: '57', Variety: '', Category: 'BASKETBALL CARDS' };

/**
 * A local stand-in for the PSA public cert API endpoints Ratio calls (bearer token):
 * GET /publicapi/cert/GetByCertNumber/{cert} (`{ PSACert, DNACert }`, or PSA's 'No data found'),
 * GET /publicapi/cert/GetImagesByCertNumber/{cert} (`[{ IsFrontImage, ImageURL }]`) and the image
 * files those name, with faults per cert and PSA's rate limit.
 */
export async function startPsaEmulator(records: TPsaRecords, frontImage: Buffer, token = 'psa-emulator-token'): Promise<TPsaEmulator> {
  const faults = new Map<string, { kind: TPsaFault; left: number }>();
  let limit: { calls: number; windowMs: number } | null = null;
  let tokens = 0;
  let refilledAt = 0;
  let limited = 0;
  let apiCalls = 0;
  let baseUrl = '';

  const handler = (req: TCaptured): TReply => {
    if (req.path.startsWith('/images/')) return { status: 200, body: frontImage, headers: { 'content-type': 'image/jpeg' } };
    const m = /^\/publicapi\/cert\/(GetByCertNumber|GetImagesByCertNumber)\/(\w+)$/.exec(req.path);
    if (!m) return { status: 404, json: { Message: 'No HTTP resource was found' } };
    if (req.headers.authorization?.toLowerCase() !== `bearer ${token}`)
      return { status: 401, json: { Message: 'Authorization has been denied for this request.' } };
    apiCalls++;
    if (limit) {
      // A token bucket: `calls` at most at once, refilled at calls per windowMs (how API gateways limit).
      const now = Date.now();
      tokens = Math.min(limit.calls, tokens + ((now - refilledAt) * limit.calls) / limit.windowMs);
      refilledAt = now;
      if (tokens < 1) {
        limited++;
        return {
          status: 429,
          json: { Message: 'API calls quota exceeded' },
          headers: { 'retry-after': String(Math.max(1, Math.ceil(((1 - tokens) * limit.windowMs) / limit.calls / 1000))) },
        };
      }
      tokens -= 1;
    }
    const [, endpoint, cert] = m as unknown as [string, string, string];
    const f = faults.get(cert);
    if (f && f.left > 0) {
      f.left--;
      if (f.kind === '429') return { status: 429, json: { Message: 'API calls quota exceeded' }, headers: { 'retry-after': '1' } };
      if (f.kind === 'timeout') return { status: 200, json: {}, delayMs: 5_000 };
      if (f.kind === '500') return { status: 500, json: { Message: 'An error has occurred.' } };
      if (f.kind === 'shape') return { status: 200, json: { Cert: { Number: cert, Grade: 10 } } };
    }
    const record = records[cert];
    if (endpoint === 'GetImagesByCertNumber') {
      return {
        status: 200,
        json: record
          ? [
              { IsFrontImage: true, ImageURL: `${baseUrl}/images/${cert}-front.jpg` },
              { IsFrontImage: false, ImageURL: `${baseUrl}/images/${cert}-back.jpg` },
            ]
          : [],
      };
    }
    return record ? { status: 200, json: { PSACert: record, DNACert: {} } } : { status: 200, json: { IsValidRequest: true, ServerMessage: 'No data found' } };
  };
  const peer: THttpPeer = await startHttpPeer(handler);
  baseUrl = peer.baseUrl;
  return {
    baseUrl,
    token,
    requests: peer.requests,
    apiCalls: () => apiCalls,
    fault(cert, kind, times = 1) {
      faults.set(cert, { kind, left: times });
    },
    rateLimit(l) {
      limit = l;
      tokens = l?.calls ?? 0;
      refilledAt = Date.now();
    },
    limited: () => limited,
    close: () => peer.close(),
  };
}
