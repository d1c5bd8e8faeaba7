import type * as S3Sdk from '@aws-sdk/client-s3';
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

const isNotFound = (sdk: typeof S3Sdk, error: unknown): boolean =>
  error instanceof sdk.NoSuchKey ||
  error instanceof sdk.NotFound ||
  (error instanceof Error && 'name' in error && (error.name === 'NoSuchKey' || error.name === 'NotFound'));

/**
 * Files as objects of one bucket, addressed path-style so any S3-compatible server works. The AWS SDK (tens of
 * MB of heap) is loaded at the first file operation, not at start (docs/decisions.md "Idle memory").
 */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  let opened: Promise<{ sdk: typeof S3Sdk; client: S3Sdk.S3Client }> | undefined;
  const open = () =>
    (opened ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: clientOf(sdk, options) })));
  const Bucket = options.bucket;
  const keyOf = (key: string): string => {
    assertStorageKey(key);
    return key;
  };

  return {
    kind: 's3',
    async put(key, body, contentType) {
      const Key = keyOf(key);
      const { sdk, client } = await open();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key, Body: body, ContentType: contentType }));
    },
    async putFile(key, path, contentType) {
      const Key = keyOf(key);
      const { sdk, client } = await open();
      // A plain PUT of a stream needs its length up front; the file's size is that length.
      const { size } = await stat(path);
      const Body = createReadStream(path);
      try {
        await client.send(
          new sdk.PutObjectCommand({ Bucket, Key, Body, ContentLength: size, ContentType: contentType }),
        );
      } finally {
        Body.destroy();
      }
    },
    async get(key) {
      const Key = keyOf(key);
      const { sdk, client } = await open();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key }));
        if (object.Body instanceof Readable) return object.Body;
        if (!object.Body) return null;
        return Readable.from(Buffer.from(await object.Body.transformToByteArray()));
      } catch (error) {
        if (isNotFound(sdk, error)) return null;
        throw error;
      }
    },
    async delete(key) {
      const Key = keyOf(key);
      const { sdk, client } = await open();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key }));
    },
    async exists(key) {
      const Key = keyOf(key);
      const { sdk, client } = await open();
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket, Key }));
        return true;
      } catch (error) {
        if (isNotFound(sdk, error)) return false;
        throw error;
      }
    },
    async close() {
      if (opened) (await opened).client.destroy();
    },
  };
}

function clientOf(sdk: typeof S3Sdk, options: S3StorageOptions): S3Sdk.S3Client {
  return new sdk.S3Client({
    region: options.region,
    forcePathStyle: true,
    // A checksum only where S3 requires one: for a streamed body the SDK would otherwise send aws-chunked
    // encoding with a trailer, which several S3-compatible servers store verbatim instead of decoding.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    // Copied: the SDK annotates the object it is given, and the app config is frozen.
    ...(options.credentials ? { credentials: { ...options.credentials } } : {}),
  });
}
