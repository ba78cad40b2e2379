import mongoose, { Types } from 'mongoose';
import type { Readable } from 'node:stream';
import { AppError } from '../../lib/app-error';

/**
 * Uploaded files live in MongoDB GridFS (bucket "uploads"), so every API instance can serve them.
 * Each file's metadata names its company; only that company's signed-in users get it back.
 */
function bucket() {
  return new mongoose.mongo.GridFSBucket(mongoose.connection.db!, { bucketName: 'uploads' });
}

/** What a file belongs to; kind 'export' means only the user `id` (who asked for the export) may read it. */
export type FileOwner = { kind: 'export'; id: Types.ObjectId };
export type StoredFileInput = { customerId: Types.ObjectId; buffer: Buffer; filename: string; contentType: string; kind: string; uploadedBy?: Types.ObjectId | null; owner?: FileOwner };

export async function storeFile(input: StoredFileInput): Promise<Types.ObjectId> {
  const id = new Types.ObjectId();
  await new Promise<void>((resolve, reject) => {
    const upload = bucket().openUploadStreamWithId(id, input.filename, {
      metadata: { customerId: input.customerId, contentType: input.contentType, kind: input.kind, uploadedBy: input.uploadedBy ?? null, owner: input.owner ?? null },
    });
    upload.once('finish', () => resolve());
    upload.once('error', reject);
    upload.end(input.buffer);
  });
  return id;
}

export async function deleteFile(id: Types.ObjectId) {
  await bucket().delete(id).catch(() => undefined);
}

type OpenedFile = { stream: Readable; filename: string; contentType: string; length: number };

/** A file of the caller's company, or 404 (another company's file does not exist for them). An export is its asker's only. */
export async function openCompanyFile(customerId: Types.ObjectId, id: string): Promise<OpenedFile> {
  return openFile({ _id: new Types.ObjectId(id), 'metadata.customerId': customerId, 'metadata.owner.kind': { $ne: 'export' } });
}

/** A file that belongs to `owner` in the caller's company, or 404. */
export async function openOwnedFile(customerId: Types.ObjectId, owner: FileOwner, id: Types.ObjectId): Promise<OpenedFile> {
  return openFile({ _id: id, 'metadata.customerId': customerId, 'metadata.owner.kind': owner.kind, 'metadata.owner.id': owner.id });
}

async function openFile(filter: Record<string, unknown>): Promise<OpenedFile> {
  const [file] = await bucket().find(filter).limit(1).toArray();
  if (!file) throw AppError.notFound('File');
  return {
    stream: bucket().openDownloadStream(file._id),
    filename: file.filename,
    contentType: (file.metadata?.contentType as string) ?? 'application/octet-stream',
    length: file.length,
  };
}
