/**
 * Bounds for work that waits on the machine's cores, not on the feature: the label reader's offline
 * reading of a photo. Quiet, a photo reads in under a second; on a 2-core CI machine at load 30 a
 * single read was seen to take 128 s. A broken reader answers with an error at once, so a generous
 * bound only costs time when the machine is slow, never a missed failure.
 */
export const READ_MS = 240_000;

/** A test that waits on the reader: its own steps' time besides. */
export const READ_TEST_MS = READ_MS + 90_000;
