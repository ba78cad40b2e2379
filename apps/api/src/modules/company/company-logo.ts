import { Types } from 'mongoose';
import { Jimp, JimpMime } from 'jimp';
import { CompanyLimits, CompanyMessages, type TCompanyProfile } from '@hireflow/contracts/company';
import { AppError } from '../../lib/app-error';
import { Customer } from '../org/customer.model';
import { deleteFile, readStoredFile, storeFile } from '../files/files.service';
import { presentProfile } from './company.presenter';

export type LogoUpload = { buffer: Buffer; mimetype: string; originalname: string };

type Sniffed = { type: 'image/png' | 'image/jpeg'; width: number; height: number } | null;

/** The image's real type and size from its first bytes (the declared type is the browser's guess). */
export function sniffImage(buffer: Buffer): Sniffed {
  if (buffer.length >= 24 && buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) && buffer.toString('latin1', 12, 16) === 'IHDR') {
    return { type: 'image/png', width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20) };
  }
  if (buffer.length >= 4 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) {
    // Walk the JPEG markers to the frame header (SOF0..SOF15 but DHT, JPG and DAC), which holds the size.
    let at = 2;
    while (at + 9 < buffer.length) {
      if (buffer[at] !== 0xff) return null;
      const marker = buffer[at + 1]!;
      if (marker === 0xff) {
        at += 1;
        continue;
      }
      if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
        at += 2;
        continue;
      }
      const length = buffer.readUInt16BE(at + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { type: 'image/jpeg', height: buffer.readUInt16BE(at + 5), width: buffer.readUInt16BE(at + 7) };
      }
      if (length < 2) return null;
      at += 2 + length;
    }
    return null;
  }
  return null;
}

/**
 * An upload checked, decoded and made into the stored logo: a PNG that fits CompanyLimits.logoBox (aspect
 * kept; a smaller one is not enlarged). Re-encoding drops whatever else the file carried (metadata, trailing
 * bytes). Refusals are 400s with CompanyMessages.
 */
export async function prepareLogo(file: LogoUpload): Promise<Buffer> {
  if (file.buffer.length > CompanyLimits.logoMaxBytes) throw AppError.badRequest(CompanyMessages.logoTooLarge);
  const sniffed = sniffImage(file.buffer);
  if (!sniffed) {
    const declared = (CompanyLimits.logoTypes as readonly string[]).includes(file.mimetype);
    throw AppError.badRequest(declared ? CompanyMessages.logoUnreadable : CompanyMessages.logoType);
  }
  if (sniffed.width < 1 || sniffed.height < 1) throw AppError.badRequest(CompanyMessages.logoUnreadable);
  if (sniffed.width > CompanyLimits.logoMaxSide || sniffed.height > CompanyLimits.logoMaxSide) throw AppError.badRequest(CompanyMessages.logoTooManyPixels);
  let image: Awaited<ReturnType<typeof Jimp.fromBuffer>>;
  try {
    image = await Jimp.fromBuffer(file.buffer);
  } catch {
    throw AppError.badRequest(CompanyMessages.logoUnreadable);
  }
  const { width, height } = CompanyLimits.logoBox;
  if (image.width > width || image.height > height) image.scaleToFit({ w: width, h: height });
  return image.getBuffer(JimpMime.png);
}

const profileFields = { name: 1, slug: 1, website: 1, profile: 1, branding: 1 } as const;

/** Stores the new logo (owned by the company itself) and then removes the one it replaces. */
export async function replaceLogo({ customerId, actorId, file }: { customerId: Types.ObjectId; actorId: Types.ObjectId; file: LogoUpload }): Promise<TCompanyProfile> {
  const png = await prepareLogo(file);
  const fileId = await storeFile({ customerId, owner: { kind: 'company', id: customerId }, buffer: png, filename: 'logo.png', contentType: 'image/png', kind: 'company-logo', uploadedBy: actorId });
  const before = await Customer.findByIdAndUpdate(customerId, { $set: { 'branding.logoFileId': fileId } }, { projection: { branding: 1 } }).lean();
  if (!before) {
    await deleteFile(fileId);
    throw AppError.notFound('Company');
  }
  if (before.branding?.logoFileId) await deleteFile(before.branding.logoFileId);
  return presentProfile(await Customer.findById(customerId, profileFields).lean().orFail());
}

export async function removeLogo({ customerId }: { customerId: Types.ObjectId }): Promise<TCompanyProfile> {
  const before = await Customer.findByIdAndUpdate(customerId, { $set: { 'branding.logoFileId': null } }, { projection: { branding: 1 } }).lean();
  if (!before) throw AppError.notFound('Company');
  if (before.branding?.logoFileId) await deleteFile(before.branding.logoFileId);
  return presentProfile(await Customer.findById(customerId, profileFields).lean().orFail());
}

/** The logo's bytes for anyone (career site, mails): null when the company or its logo does not exist. */
export async function readPublicLogo(customerId: string): Promise<{ buffer: Buffer; contentType: string; fileId: string } | null> {
  if (!Types.ObjectId.isValid(customerId) || String(new Types.ObjectId(customerId)) !== customerId.toLowerCase()) return null;
  const customer = await Customer.findById(customerId, { branding: 1 }).lean();
  const fileId = customer?.branding?.logoFileId;
  if (!customer || !fileId) return null;
  const file = await readStoredFile(customer._id, fileId, { maxBytes: CompanyLimits.logoMaxBytes });
  if (!file || !/^image\/(png|jpeg)$/.test(file.contentType)) return null;
  return { buffer: file.buffer, contentType: file.contentType, fileId };
}
