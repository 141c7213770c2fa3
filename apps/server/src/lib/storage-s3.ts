import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import { checkKey, checkRange, RangeNotSatisfiableError, type Storage } from './storage-base';

/** An S3-compatible bucket (AWS S3, MinIO, Aliyun OSS, Tencent COS); see docs/operations.md. */
export interface S3Settings {
  kind: 's3';
  /** Unset: AWS S3 itself, by region. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Unset: the SDK's own chain (AWS_* variables, instance roles). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
}

// Multipart parts are buffered whole before they are sent: 5 MiB (S3's minimum) times two in
// flight bounds an upload's memory at about 10 MiB, whatever the object's size.
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    // Newer SDKs add CRC32 checksums to every upload and check them on download by default;
    // stores that lack them (Aliyun OSS and Tencent COS reported) refuse such uploads. Only where
    // S3 requires one: integrity is the upload's own SHA-256.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isMissing = (error: unknown) => statusOf(error) === 404 || ['NoSuchKey', 'NotFound'].includes((error as Error).name);

export function s3Storage(settings: S3Settings, client: S3Client = s3Client(settings)): Storage {
  const Bucket = settings.bucket;

  const head = async (key: string) => {
    try {
      return await client.send(new HeadObjectCommand({ Bucket, Key: key }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  return {
    async put(key, body) {
      checkKey(key);
      if (Buffer.isBuffer(body)) {
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: body.length }));
        return;
      }
      // A multipart upload becomes visible only when completed; on any failure (the body's
      // included) it is aborted, so a broken stream leaves nothing behind.
      let bodyError: unknown;
      body.once('error', (error) => (bodyError = error));
      const upload = new Upload({ client, params: { Bucket, Key: key, Body: body }, partSize: PART_SIZE, queueSize: PARTS_IN_FLIGHT, leavePartsOnError: false });
      try {
        await upload.done();
      } catch (error) {
        body.destroy();
        // The body's own failure says more than the abort that followed it.
        throw bodyError ?? error;
      }
    },

    async get(key) {
      const object = await this.open(key);
      if (!object) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },

    async open(key, range) {
      checkKey(key);
      checkRange(range);
      let response;
      try {
        response = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined }));
      } catch (error) {
        if (isMissing(error)) return null;
        if (statusOf(error) === 416 || (error as Error).name === 'InvalidRange') {
          const found = await head(key);
          if (!found) return null;
          throw new RangeNotSatisfiableError(found.ContentLength ?? 0);
        }
        throw error;
      }
      const body = response.Body as Readable;
      const size = response.ContentLength ?? 0;
      if (!range) return { body, size, totalSize: size };
      // `bytes 0-9/100`; a store that ignores Range answers the whole object (no Content-Range).
      const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(response.ContentRange ?? '');
      if (!match) {
        if (range.start === 0 && (range.end === undefined || range.end >= size - 1)) {
          return { body, size, totalSize: size, range: { start: 0, end: size - 1 } };
        }
        body.destroy();
        throw new Error(`The store answered a range request for ${key} without Content-Range`);
      }
      const [start, end, totalSize] = match.slice(1).map(Number) as [number, number, number];
      return { body, size, totalSize, range: { start, end } };
    },

    async delete(key) {
      checkKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
