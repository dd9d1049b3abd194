import { PassThrough, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  CONTENT_TYPES_BY_EXTENSION,
  isMissingFile,
  isStorageKey,
  StorageKeyError,
  type TStorage,
} from './storage';

// The storage interface on any S3-compatible store, for several server processes (or machines)
// that must see the same files. The bucket stays private: browsers load media through the
// server's /media route (publicUrl), which reads here with byte ranges, so nothing in the
// bucket is listable or reachable without the server. Browsers may only PUT, each upload to its
// own presigned key that expires and holds them to the announced size.

export type TS3Settings = {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Browsers PUT uploads straight to the bucket (presigned URLs); needs the bucket's CORS. */
  directUploads: boolean;
};

const contentTypeOfKey = (key: string) =>
  CONTENT_TYPES_BY_EXTENSION[key.slice(key.lastIndexOf('.') + 1).toLowerCase()];

async function bufferOf(body: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Where presigned URLs point: the endpoint (path style) or the bucket's own host. */
export function bucketOrigin(
  settings: Pick<TS3Settings, 'bucket' | 'endpoint' | 'region' | 'forcePathStyle'>,
) {
  const endpoint = new URL(settings.endpoint ?? `https://s3.${settings.region}.amazonaws.com`);
  return settings.forcePathStyle
    ? endpoint.origin
    : `${endpoint.protocol}//${settings.bucket}.${endpoint.host}`;
}

export function createS3Storage(settings: TS3Settings & { publicBase: string }): TStorage {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    // Otherwise a presigned PUT carries the checksum of an empty body, which the bucket would
    // then hold the browser's bytes to.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
  const Bucket = settings.bucket;
  const checked = (key: string) => {
    if (!isStorageKey(key)) throw new StorageKeyError(`invalid storage key: ${key}`);
    return key;
  };
  return {
    put: async (key, body, { contentType }) => {
      checked(key);
      if (contentTypeOfKey(key) !== contentType)
        throw new StorageKeyError(`key ${key} does not name a ${contentType} file`);
      // Files are at most tens of megabytes (uploads are capped): one PutObject, whole or not at all.
      const bytes = await bufferOf(body);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
        }),
      );
      return { bytes: bytes.length, contentType };
    },
    stat: async (key) => {
      const contentType = isStorageKey(key) ? contentTypeOfKey(key) : undefined;
      if (!contentType) return null;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { bytes: head.ContentLength ?? 0, contentType };
      } catch (error) {
        if (isMissingFile(error)) return null;
        throw error;
      }
    },
    openRead: (key, range) => {
      checked(key);
      const out = new PassThrough();
      client
        .send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        )
        .then((res) => {
          const body = res.Body as Readable | undefined;
          if (!body) return out.end();
          body.on('error', (err) => out.destroy(err));
          body.pipe(out);
        })
        .catch((err) => out.destroy(err));
      return out;
    },
    delete: async (key) => {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },
    publicUrl: (key) => `${settings.publicBase}/${key}`,
    ...(settings.directUploads
      ? {
          uploadOrigin: bucketOrigin(settings),
          presignPut: (key: string, opts: { bytes: number; expiresInSeconds: number }) =>
            getSignedUrl(
              client,
              new PutObjectCommand({ Bucket, Key: checked(key), ContentLength: opts.bytes }),
              {
                expiresIn: opts.expiresInSeconds,
                // The length is signed: the bucket refuses a body of any other size.
                signableHeaders: new Set(['content-length']),
              },
            ),
        }
      : {}),
  };
}
