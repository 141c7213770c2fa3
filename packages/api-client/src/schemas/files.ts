import { z } from 'zod';
import { dateTimeSchema } from './common';

export const uploadSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string(),
  /** Where the owner (or staff) fetches it back. */
  url: z.string(),
  createdAt: dateTimeSchema,
});
export type Upload = z.infer<typeof uploadSchema>;

/** Default largest upload, in bytes (the server's limit is configurable). */
export const DEFAULT_UPLOAD_LIMIT = 20 * 1024 * 1024;
