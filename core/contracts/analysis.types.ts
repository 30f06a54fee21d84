import { z } from 'zod';
import { MAX_DATA_URL_LENGTH } from '../limits.ts';

/** POST /api/analyze-card body: the photo as a data URL (at most 10 MB of image). */
export const ZAnalyze = z.object({ image: z.string().min(1, 'is required').max(MAX_DATA_URL_LENGTH, 'is larger than 10 MB') });
