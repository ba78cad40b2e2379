import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Types } from 'mongoose';
import { currencyDigits } from '@hireflow/contracts/offers';
import { RewardStatusLabels, type TRewardStatus } from '@hireflow/contracts/referral-rewards';
import { loadRefs, refOf } from '../../jobs/refs';
import { ReferralReward, type ReferralRewardDoc } from '../referral-reward.model';

export const RewardsExportColumns: Partial<ExcelJS.Column>[] = [
  { header: 'Referrer', key: 'referrer', width: 24 },
  { header: 'Referrer email', key: 'referrerEmail', width: 28 },
  { header: 'Candidate', key: 'candidate', width: 24 },
  { header: 'Job', key: 'job', width: 28 },
  { header: 'Amount', key: 'amount', width: 14 },
  { header: 'Currency', key: 'currency', width: 10 },
  { header: 'Status', key: 'status', width: 22 },
  { header: 'Hired', key: 'hiredAt', width: 14, style: { numFmt: 'yyyy-mm-dd' } },
  { header: 'Start date', key: 'startDate', width: 12 },
  { header: 'Payable on', key: 'payableOn', width: 12 },
  { header: 'Approved', key: 'approvedAt', width: 14, style: { numFmt: 'yyyy-mm-dd' } },
  { header: 'Approved by', key: 'approvedBy', width: 24 },
  { header: 'Paid', key: 'paidAt', width: 14, style: { numFmt: 'yyyy-mm-dd' } },
  { header: 'Paid by', key: 'paidBy', width: 24 },
  { header: 'Forfeited', key: 'forfeitedAt', width: 14, style: { numFmt: 'yyyy-mm-dd' } },
  { header: 'Forfeited by', key: 'forfeitedBy', width: 24 },
  { header: 'Forfeit reason', key: 'forfeitReason', width: 40 },
];

export const rewardsExportFileName = (now: Date) => `referral-rewards-${now.toISOString().slice(0, 10)}.xlsx`;

/**
 * Streams the rewards matching `filter` (the list's filter) into an .xlsx on `out`, newest first: amounts as
 * numbers in their currency's decimals, dates as real dates. Rows are read with a cursor.
 */
export async function writeRewardsExport({ customerId, filter, out }: { customerId: Types.ObjectId; filter: Record<string, unknown>; out: Writable }) {
  const userIds = await Promise.all((['referrerId', 'approvedBy', 'paidBy', 'forfeitedBy'] as const).map((f) => ReferralReward.distinct(f, filter)));
  const users = (await loadRefs(customerId, { users: userIds.flat().filter(Boolean) as Types.ObjectId[] })).users;
  const name = (id: Types.ObjectId | null | undefined) => refOf(users, id)?.name ?? '';

  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Referral rewards');
  sheet.columns = RewardsExportColumns;
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const cursor = ReferralReward.find(filter).sort({ createdAt: -1, _id: -1 }).lean<ReferralRewardDoc[]>().cursor({ batchSize: 500 });
  for await (const doc of cursor) {
    const r = doc as ReferralRewardDoc;
    const digits = currencyDigits(r.currency);
    const row = sheet.addRow({
      referrer: name(r.referrerId),
      referrerEmail: refOf(users, r.referrerId)?.email ?? '',
      candidate: r.candidateName,
      job: r.jobTitle,
      amount: r.amountMinor / 10 ** digits,
      currency: r.currency,
      status: RewardStatusLabels[r.status as TRewardStatus],
      hiredAt: new Date(r.hiredAt),
      startDate: r.startDate,
      payableOn: r.payableOn,
      approvedAt: r.approvedAt ? new Date(r.approvedAt) : null,
      approvedBy: name(r.approvedBy),
      paidAt: r.paidAt ? new Date(r.paidAt) : null,
      paidBy: name(r.paidBy),
      forfeitedAt: r.forfeitedAt ? new Date(r.forfeitedAt) : null,
      forfeitedBy: name(r.forfeitedBy),
      forfeitReason: r.forfeitReason ?? '',
    });
    row.getCell('amount').numFmt = digits ? `#,##0.${'0'.repeat(digits)}` : '#,##0';
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
}
