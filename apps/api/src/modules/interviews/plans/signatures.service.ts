import { Types } from 'mongoose';
import { AppError } from '../../../lib/app-error';
import { sanitizeRichText } from '../../../lib/rich-text';
import { User, type UserDoc } from '../../users/user.model';

type Actor = Pick<UserDoc, 'admin'> & { _id: Types.ObjectId };

/** Stores the caller's mail signature, sanitised by the rich-text allow-list; answers what was stored. */
export async function saveMySignature(customerId: Types.ObjectId, userId: Types.ObjectId, signature: string) {
  const clean = sanitizeRichText(signature);
  await User.updateOne({ customerId, _id: userId }, { $set: { signature: clean } });
  return { signature: clean };
}

/** SPEC getsignature: the caller's signature; an admin may ask for a colleague's of the same company (404 otherwise). */
export async function signatureOf(customerId: Types.ObjectId, actor: Actor, userId?: string) {
  const id = userId ? new Types.ObjectId(userId) : actor._id;
  if (!id.equals(actor._id) && !actor.admin) throw AppError.forbidden("Only an admin reads a colleague's signature");
  const user = await User.findOne({ customerId, _id: id }, { signature: 1 }).lean();
  if (!user) throw AppError.notFound('User');
  return { signature: user.signature ?? '' };
}
