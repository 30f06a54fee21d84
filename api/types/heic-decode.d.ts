/** heic-decode ships no types; this is the part Ratio uses (libheif compiled to wasm). */
declare module 'heic-decode' {
  interface THeicImage {
    width: number;
    height: number;
    decode(): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
  }
  interface THeicDecode {
    (input: { buffer: Buffer | ArrayBuffer }): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
    all(input: { buffer: Buffer | ArrayBuffer }): Promise<THeicImage[]>;
  }
  const decode: THeicDecode;
  export default decode;
}
