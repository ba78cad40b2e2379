import mongoose from 'mongoose';
import type { Logger } from 'pino';
import { storeFile } from './files.service';

/**
 * Files stored before owners and random ids (sequential ObjectIds, company only) are moved once, at
 * start-up: each application's résumé is copied under a new random id owned by that application, the
 * application and its candidate point at the copy, and the old file goes. Nothing to do: one query.
 */
export async function migrateLegacyFiles(logger: Logger): Promise<number> {
  const db = mongoose.connection.db!;
  const bucket = new mongoose.mongo.GridFSBucket(db, { bucketName: 'uploads' });
  const legacy = await db
    .collection('uploads.files')
    .find({ _id: { $not: { $type: 'string' } } })
    .toArray();
  let moved = 0;
  for (const file of legacy) {
    const chunks: Buffer[] = [];
    for await (const chunk of bucket.openDownloadStream(file._id)) chunks.push(chunk as Buffer);
    const buffer = Buffer.concat(chunks);
    const applications = await db.collection('applications').find({ resumeFileId: file._id }, { projection: { customerId: 1 } }).toArray();
    for (const application of applications) {
      const id = await storeFile({
        customerId: application.customerId,
        owner: { kind: 'application', id: application._id },
        buffer,
        filename: file.filename,
        contentType: (file.metadata?.contentType as string) ?? 'application/octet-stream',
        kind: (file.metadata?.kind as string) ?? 'resume',
      });
      await db.collection('applications').updateOne({ _id: application._id }, { $set: { resumeFileId: id } });
      await db.collection('candidates').updateMany({ resumeFileId: file._id }, { $set: { resumeFileId: id } });
      moved++;
    }
    // Any other reference to the old id is left as it was, but the old file itself is not served any more.
    await bucket.delete(file._id).catch(() => undefined);
  }
  if (legacy.length) logger.info({ files: legacy.length, copies: moved }, 'moved legacy files to owned, random ids');
  return moved;
}
