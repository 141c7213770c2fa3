import { createHash } from 'node:crypto';

/** SHA-256 (hex) and length of everything a stream gives, read to its end. */
export async function sha256Of(body: AsyncIterable<Uint8Array>): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of body) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest('hex'), size };
}
