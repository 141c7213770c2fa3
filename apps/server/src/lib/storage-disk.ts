import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { checkKey, checkRange, RangeNotSatisfiableError, type Storage } from './storage-base';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Files under `root`; a write lands whole or not at all (temp file, fsync, rename). */
export function localDiskStorage(root: string): Storage {
  const pathOf = (key: string) => join(root, checkKey(key));
  return {
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temp = `${path}.${randomUUID()}.tmp`;
      try {
        // The row that points at this file may be committed right after: the bytes must survive
        // a crash (fsync before close, `flush` for a stream).
        if (Buffer.isBuffer(body)) {
          const file = await open(temp, 'w');
          try {
            await file.writeFile(body);
            await file.sync();
          } finally {
            await file.close();
          }
        } else {
          await pipeline(body, createWriteStream(temp, { flush: true }));
        }
        await rename(temp, path);
      } catch (error) {
        if (!Buffer.isBuffer(body)) body.destroy();
        await rm(temp, { force: true });
        throw error;
      }
      // And the rename itself, so the name survives a power cut too.
      const dir = await open(dirname(path), 'r');
      try {
        await dir.sync();
      } finally {
        await dir.close();
      }
    },

    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async open(key, range) {
      checkRange(range);
      let file: FileHandle;
      try {
        file = await open(pathOf(key), 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        // Size and bytes from the same open file, whatever happens to the name meanwhile.
        const { size: totalSize } = await file.stat();
        if (!range) return { body: file.createReadStream(), size: totalSize, totalSize };
        if (range.start >= totalSize) throw new RangeNotSatisfiableError(totalSize);
        const end = Math.min(range.end ?? totalSize - 1, totalSize - 1);
        return { body: file.createReadStream({ start: range.start, end }), size: end - range.start + 1, totalSize, range: { start: range.start, end } };
      } catch (error) {
        await file.close();
        throw error;
      }
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
