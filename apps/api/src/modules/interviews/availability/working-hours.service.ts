import type { Types } from 'mongoose';
import type { TWorkingHours } from '@hireflow/contracts/interviews';
import { AppError } from '../../../lib/app-error';
import { User } from '../../users/user.model';
import { workingDaysOf } from './free-slots';

const sortDays = (days: TWorkingHours['days']) => [...days].sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start));

/** The user's own working hours as scheduling reads them (the default week when never set). */
export async function getWorkingHours({ customerId, userId }: { customerId: Types.ObjectId; userId: Types.ObjectId }): Promise<TWorkingHours> {
  const user = await User.findOne({ customerId, _id: userId }, { timezone: 1, workingHours: 1 }).lean();
  if (!user) throw AppError.notFound('User');
  return { timeZone: user.timezone || 'UTC', days: sortDays(workingDaysOf(user).map(({ weekday, start, end }) => ({ weekday, start, end }))) };
}

/** Saves the user's time zone and working days. */
export async function saveWorkingHours({ customerId, userId, input }: { customerId: Types.ObjectId; userId: Types.ObjectId; input: TWorkingHours }): Promise<TWorkingHours> {
  const days = sortDays(input.days);
  await User.updateOne({ customerId, _id: userId }, { $set: { timezone: input.timeZone, workingHours: days } });
  return { timeZone: input.timeZone, days };
}
