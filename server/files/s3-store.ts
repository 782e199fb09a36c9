import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertFileKey, isFileKey, type FileStore } from './store';

/** An S3-compatible bucket (S3_BUCKET and the S3_* variables of README's Configuration). */
export type S3Config = {
  bucket: string;
  /** Another S3-compatible service (MinIO, Garage, a cloud's object storage); AWS when unset. */
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `bucket` in the path rather than the host name, as most self-hosted services need. */
  forcePathStyle?: boolean;
  /** Put before every key (`ashray/`), to share a bucket with other data. */
  prefix?: string;
};

/**
 * Files as objects of one bucket. Objects are written with no ACL, so they stay as private
 * as the bucket (S3's default); they are served only through the API's authorised file
 * routes, never by a link to the bucket.
 */
export function s3Store(config: S3Config): FileStore {
  const client = new S3Client({
    region: config.region ?? 'us-east-1',
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: many S3-compatible services refuse the newer
    // checksum headers the SDK would otherwise add to every request.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const prefix = config.prefix ?? '';
  const Bucket = config.bucket;
  return {
    kind: 's3',
    put: async (key, bytes) => {
      assertFileKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: prefix + key, Body: bytes }));
    },
    get: async (key) => {
      if (!isFileKey(key)) return null;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: prefix + key }));
        return answer.Body ? await answer.Body.transformToByteArray() : null;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    remove: async (key) => {
      if (isFileKey(key)) await client.send(new DeleteObjectCommand({ Bucket, Key: prefix + key }));
    },
    list: async () => {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(prefix.length);
          if (key && isFileKey(key)) keys.push(key);
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys;
    },
    close: async () => client.destroy(),
  };
}
