import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../server/files/s3-store';

/*
 * A local S3-compatible server (s3rver, in this process) for the S3 file store's tests: one
 * bucket in a temporary folder, on a free port of the loopback address, with s3rver's own
 * fixed credentials. Nothing leaves the machine.
 */
export async function localS3(bucket = 'ashray-files'): Promise<{ config: S3Config; stop: () => Promise<void> }> {
  const directory = mkdtempSync(path.join(tmpdir(), 'ashray-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    config: {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
