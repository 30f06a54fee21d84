/** Placeholder until the e2e harness lands; replaced below. */
export default async function setup(): Promise<void> {}
