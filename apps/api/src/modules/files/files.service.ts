import mongoose, { type Types } from 'mongoose';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../lib/app-error';
import type { UserDoc } from '../users/user.model';
import { mayReadOwnedFile, PlatformFileOwnerKinds, type FileOwner } from './file-owners';

/**
 * Uploaded files live in MongoDB GridFS (bucket "uploads"), so every API instance can serve them.
 * Each file's metadata names its company and its owner (what it belongs to: an application, ...);
 * it goes back only to those who may see its owner. Ids are 128 random bits, never sequential.
 */
function bucket() {
  return new mongoose.mongo.GridFSBucket(mongoose.connection.db!, { bucketName: 'uploads' });
}

type StoredFileMeta = {
  /** The company; null only for a file of the platform itself (a super admin's export: see PlatformFileOwnerKinds). */
  customerId: Types.ObjectId | null;
  owner: FileOwner;
  filename: string;
  contentType: string;
  kind: string;
  uploadedBy?: Types.ObjectId | null;
};
export type StoredFileInput = StoredFileMeta & { buffer: Buffer; stream?: never };
/** A file too large to hold in memory (a company export): its stream is piped into GridFS. */
export type StoredStreamInput = StoredFileMeta & { stream: Readable; buffer?: never };

export type OpenedFile = { stream: Readable; filename: string; contentType: string; length: number };

export function newFileId(): string {
  return randomBytes(16).toString('base64url');
}

export async function storeFile(input: StoredFileInput | StoredStreamInput): Promise<string> {
  if (!input.customerId && !PlatformFileOwnerKinds.includes(input.owner.kind)) throw new Error(`A ${input.owner.kind} file belongs to a company`);
  const id = newFileId();
  await new Promise<void>((resolve, reject) => {
    // GridFS takes any _id; the typings only know ObjectId.
    const upload = bucket().openUploadStreamWithId(id as unknown as Types.ObjectId, input.filename, {
      metadata: {
        customerId: input.customerId,
        owner: { kind: input.owner.kind, id: input.owner.id },
        contentType: input.contentType,
        kind: input.kind,
        uploadedBy: input.uploadedBy ?? null,
      },
    });
    if (input.stream) {
      // A failed stream leaves no half-written file behind.
      pipeline(input.stream, upload).then(resolve, (error: unknown) => {
        void upload.abort().catch(() => undefined);
        reject(error);
      });
      return;
    }
    upload.once('finish', () => resolve());
    upload.once('error', reject);
    upload.end(input.buffer);
  });
  return id;
}

/**
 * Many small files at once (demo data, bulk imports): each must fit one GridFS chunk. Writes the files'
 * chunks and then their entries with two inserts, where storeFile takes a round trip per file.
 */
export async function storeSmallFiles(inputs: StoredFileInput[]): Promise<string[]> {
  const chunkSize = 255 * 1024;
  const uploadDate = new Date();
  const ids = inputs.map(() => newFileId());
  const db = mongoose.connection.db!;
  for (const input of inputs) if (input.buffer.length > chunkSize) throw new Error(`${input.filename} is too large for storeSmallFiles`);
  if (inputs.length === 0) return ids;
  await db.collection('uploads.chunks').insertMany(inputs.map((input, i) => ({ files_id: ids[i], n: 0, data: new mongoose.mongo.Binary(input.buffer) })) as never[]);
  await db.collection('uploads.files').insertMany(
    inputs.map((input, i) => ({
      _id: ids[i],
      length: input.buffer.length,
      chunkSize,
      uploadDate,
      filename: input.filename,
      metadata: { customerId: input.customerId, owner: { kind: input.owner.kind, id: input.owner.id }, contentType: input.contentType, kind: input.kind, uploadedBy: input.uploadedBy ?? null },
    })) as never[],
  );
  return ids;
}

export async function deleteFile(id: string) {
  await bucket()
    .delete(id as unknown as Types.ObjectId)
    .catch(() => undefined);
}

/**
 * A file the caller may read: of their company, and its owner's check lets them see it. Anything
 * else (another company, an owner they may not see, an unknown owner kind, no such id) is the same 404.
 * `customerId` null is the platform super admin's own files (no company): only their own exports.
 */
export async function openReadableFile({
  customerId,
  actor,
  id,
}: {
  customerId: Types.ObjectId | null;
  actor: UserDoc;
  id: string;
}): Promise<OpenedFile> {
  const [file] = await bucket()
    .find({ _id: id as unknown as Types.ObjectId, 'metadata.customerId': customerId })
    .limit(1)
    .toArray();
  if (!file || !(await mayReadOwnedFile({ customerId, actor, owner: file.metadata?.owner }))) throw AppError.notFound('File');
  return {
    stream: bucket().openDownloadStream(file._id),
    filename: file.filename,
    contentType: (file.metadata?.contentType as string) ?? 'application/octet-stream',
    length: file.length,
  };
}

/**
 * A stored file's bytes for the server's own work (a background job extracting a résumé's text), with
 * no reader's check: never hand the result to a caller without checking their access first.
 * Null when the company holds no such file or it is larger than `maxBytes`.
 */
export async function readStoredFile(customerId: Types.ObjectId, id: string, { maxBytes = 16 * 1024 * 1024 }: { maxBytes?: number } = {}) {
  const [file] = await bucket()
    .find({ _id: id as unknown as Types.ObjectId, 'metadata.customerId': customerId })
    .limit(1)
    .toArray();
  if (!file || file.length > maxBytes) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of bucket().openDownloadStream(file._id)) chunks.push(chunk as Buffer);
  return { buffer: Buffer.concat(chunks), filename: file.filename, contentType: (file.metadata?.contentType as string) ?? 'application/octet-stream' };
}

/** Hands a stored file to another owner (a bulk-uploaded résumé becomes its new candidate's). */
export async function setFileOwner(customerId: Types.ObjectId, id: string, owner: FileOwner) {
  await mongoose.connection.db!.collection('uploads.files').updateOne(
    { _id: id as unknown as Types.ObjectId, 'metadata.customerId': customerId },
    { $set: { 'metadata.owner': { kind: owner.kind, id: owner.id } } },
  );
}
