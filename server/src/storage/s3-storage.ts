import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { FileStorage } from './file-storage';
import { assertStorageKey } from './storage-key';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2, s3rver); undefined for AWS itself. */
  endpoint: string | undefined;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

const isNotFound = (error: unknown): boolean =>
  error instanceof NoSuchKey ||
  error instanceof NotFound ||
  (error instanceof Error && 'name' in error && (error.name === 'NoSuchKey' || error.name === 'NotFound'));

/** Files as objects of one bucket, addressed path-style so any S3-compatible server works. */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: true,
    // A checksum only where S3 requires one: for a streamed body the SDK would otherwise send aws-chunked
    // encoding with a trailer, which several S3-compatible servers store verbatim instead of decoding.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    // Copied: the SDK annotates the object it is given, and the app config is frozen.
    ...(options.credentials ? { credentials: { ...options.credentials } } : {}),
  });
  const Bucket = options.bucket;
  const keyOf = (key: string): string => {
    assertStorageKey(key);
    return key;
  };

  return {
    kind: 's3',
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: keyOf(key), Body: body, ContentType: contentType }),
      );
    },
    async putFile(key, path, contentType) {
      const Key = keyOf(key);
      // A plain PUT of a stream needs its length up front; the file's size is that length.
      const { size } = await stat(path);
      const Body = createReadStream(path);
      try {
        await client.send(
          new PutObjectCommand({ Bucket, Key, Body, ContentLength: size, ContentType: contentType }),
        );
      } finally {
        Body.destroy();
      }
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        if (object.Body instanceof Readable) return object.Body;
        if (!object.Body) return null;
        return Readable.from(Buffer.from(await object.Body.transformToByteArray()));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    async close() {
      client.destroy();
    },
  };
}
