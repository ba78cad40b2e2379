import ExcelJS from 'exceljs';
import { Writable } from 'node:stream';
import { bufferSink } from '../../lib/spreadsheet';
import { Types } from 'mongoose';
import type { TUserListFilters } from '@hireflow/contracts/users';
import { exportJob, type ExportPayload } from '../exports/exports.service';
import { User } from './user.model';
import { recordExportAudit } from '../privacy/audit/audit';
import { buildUserFilter, userListSort } from './user-query';
import { loadOrgNames, presentUserRow, type UserRowSource } from './user-row.presenter';

export const UsersExportColumns = [
  { header: 'First name', key: 'firstName', width: 16 },
  { header: 'Last name', key: 'lastName', width: 16 },
  { header: 'Email', key: 'email', width: 30 },
  { header: 'Employee code', key: 'eCode', width: 14 },
  { header: 'Role', key: 'role', width: 11 },
  { header: 'Admin', key: 'admin', width: 8 },
  { header: 'Additional roles', key: 'addlRoles', width: 16 },
  { header: 'Status', key: 'status', width: 10 },
  { header: 'Email verified', key: 'emailVerified', width: 14 },
  { header: 'Business unit', key: 'businessUnit', width: 20 },
  { header: 'Department', key: 'department', width: 20 },
  { header: 'Location', key: 'location', width: 20 },
  { header: 'Mobile', key: 'mobile', width: 16 },
  { header: 'Created', key: 'createdAt', width: 20, style: { numFmt: 'yyyy-mm-dd hh:mm' } },
  { header: 'Last sign-in', key: 'lastLoginAt', width: 20, style: { numFmt: 'yyyy-mm-dd hh:mm' } },
];

export function usersExportFileName(now = new Date()) {
  return `users-${now.toISOString().slice(0, 10)}.xlsx`;
}

/**
 * Streams every user matching the filters into an .xlsx written to `out`: one header row, then one row
 * per user in list order, dates as real dates. Rows are read with a cursor, never all at once.
 */
export async function writeUsersExport({
  customerId,
  filters,
  out,
  onRow,
}: {
  customerId: Types.ObjectId;
  filters: TUserListFilters;
  out: Writable;
  onRow?: (written: number) => Promise<void> | void;
}) {
  const names = await loadOrgNames(customerId, null);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Users');
  sheet.columns = UsersExportColumns;
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();

  const cursor = User.find(buildUserFilter(customerId, filters)).sort(userListSort).lean<UserRowSource[]>().cursor({ batchSize: 1000 });
  let written = 0;
  for await (const doc of cursor) {
    const u = presentUserRow(doc as UserRowSource, names);
    sheet
      .addRow({
        ...u,
        admin: u.admin ? 'Yes' : 'No',
        addlRoles: u.addlRoles.join(', '),
        emailVerified: u.emailVerified ? 'Yes' : 'No',
        businessUnit: u.buItemId?.displayName ?? '',
        department: u.department?.deptDisplayValue ?? '',
        location: u.location?.searchText ?? '',
        createdAt: new Date(u.createdAt),
        lastLoginAt: u.lastLoginAt ? new Date(u.lastLoginAt) : null,
      })
      .commit();
    await onRow?.(++written);
  }
  sheet.commit();
  await workbook.commit();
}

export const XlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The users Excel export as a background job: progress every twentieth of the rows, the file kept for
 * the asker (lib exports). A repeat after a crash writes the file afresh: nothing else changes.
 */
export const UsersExportJob = exportJob<ExportPayload & { filters: TUserListFilters }>('export.users', async (payload, ctx) => {
  const { customerId, filters } = payload;
  const company = new Types.ObjectId(customerId);
  const total = await User.countDocuments(buildUserFilter(company, filters));
  await ctx.progress(0, `Writing ${total} users…`);
  const step = Math.max(1, Math.ceil(total / 20));
  const { out, buffer } = bufferSink();
  await writeUsersExport({
    customerId: company,
    filters,
    out,
    onRow: (written) => (written % step === 0 ? ctx.progress((written / Math.max(total, 1)) * 95, `${written} of ${total} users written`) : undefined),
  });
  const file = await buffer();
  await recordExportAudit({ customerId: company, userId: new Types.ObjectId(payload.requestedBy), at: ctx.now(), detail: `Users exported to Excel (${total})` });
  return { buffer: file, fileName: usersExportFileName(), contentType: XlsxType };
});
