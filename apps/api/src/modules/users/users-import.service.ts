import type { Types } from 'mongoose';
import { AdditionalRoles } from '@hireflow/contracts/roles';
import { UserImportColumns, UserMessages, UserValidation, ZAdminSignupRequest, type TUserImportResponse } from '@hireflow/contracts/users';
import { AppError } from '../../lib/app-error';
import type { ArchiveLimits } from '../../lib/archive-guard';
import { readSheetRows as readSheetRowsOf } from '../../lib/spreadsheet';
import { describeZodError } from '../../lib/validate';
import { BusinessUnit } from '../org/business-unit.model';
import { Department } from '../org/department.model';
import { Location } from '../org/location.model';
import { User, type UserDoc } from './user.model';
import { assertSeatsFor } from '../billing/plans';
import { withTransaction } from '../jobs/with-transaction';

type Column = (typeof UserImportColumns)[number];
type Refused = TUserImportResponse['refused'][number];

const unreadableMessage = 'The file could not be read. Upload an .xlsx workbook or a .csv file with a header row.';
const tooManyRows = () => AppError.badRequest(`A file may hold at most ${UserValidation.maxImportRows} users; split it into smaller files.`);

/**
 * An import workbook is small (2,000 rows at most): it may unpack to 32 MB, far more than such rows
 * need, far less than a zip bomb. Checked before anything is parsed.
 */
export const ImportArchiveLimits: ArchiveLimits = { maxEntries: 500, maxEntryBytes: 32 * 1024 * 1024, maxTotalBytes: 32 * 1024 * 1024 };

const readSheetRows = (file: Buffer, contentType: string) =>
  readSheetRowsOf(file, contentType, { maxRows: UserValidation.maxImportRows, tooManyRows, archiveLimits: ImportArchiveLimits, unreadableMessage });

/** Header text (any case, any spacing) -> column number. First name, Last name and Email are required. */
function mapHeaders(header: string[]): Map<Column, number> {
  const found = new Map<Column, number>();
  const normal = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
  header.forEach((text, col) => {
    const column = UserImportColumns.find((c) => normal(c) === normal(text ?? ''));
    if (column) found.set(column, col);
  });
  const missing = (['First name', 'Last name', 'Email'] as const).filter((c) => !found.has(c));
  if (missing.length) throw AppError.badRequest(`The header row lacks: ${missing.join(', ')}. Expected columns: ${UserImportColumns.join(', ')}.`);
  return found;
}

async function nameIndex(model: typeof Department, customerId: Types.ObjectId) {
  const rows = await model.find({ customerId, status: 'active' }, { name: 1 }).lean();
  return new Map(rows.map((r) => [r.name.toLowerCase(), r._id]));
}

/**
 * Bulk import: every row is checked on its own; valid rows become users, the others are reported with
 * the row number and the reason. The created users are returned for the caller to invite: mails are
 * not this function's job, and the report must not wait for them.
 */
export async function importUsers({
  customerId,
  file,
  contentType,
}: {
  customerId: Types.ObjectId;
  file: Buffer;
  contentType: string;
}): Promise<{ report: TUserImportResponse; users: UserDoc[] }> {
  if (file.length === 0) throw AppError.badRequest('Choose a file to import (.xlsx or .csv).');
  const sheet = await readSheetRows(file, contentType);
  const headers = mapHeaders(sheet.header);

  const [units, departments, locations] = await Promise.all([
    nameIndex(BusinessUnit as unknown as typeof Department, customerId),
    nameIndex(Department, customerId),
    nameIndex(Location as unknown as typeof Department, customerId),
  ]);

  const refused: Refused[] = [];
  const candidates: { row: number; data: Record<string, unknown> }[] = [];
  const seen = new Map<string, number>();

  for (const { number: r, cells } of sheet.rows) {
    const get = (c: Column) => (headers.has(c) ? (cells[headers.get(c)!] ?? '') : '');
    if (UserImportColumns.every((c) => !get(c))) continue; // blank line
    const email = get('Email').toLowerCase();
    const refuse = (reason: string) => refused.push({ row: r, email, reason });

    const lookups: [Column, Map<string, Types.ObjectId>, string][] = [
      ['Business unit', units, 'buItemId'],
      ['Department', departments, 'department'],
      ['Location', locations, 'location'],
    ];
    const refs: Record<string, string> = {};
    const unknownRef = lookups.find(([column, index, key]) => {
      const name = get(column);
      if (!name) return false;
      const id = index.get(name.toLowerCase());
      if (id) refs[key] = String(id);
      return !id;
    });
    if (unknownRef) {
      refuse(`${unknownRef[0]} "${get(unknownRef[0])}" does not exist`);
      continue;
    }
    const roles = get('Additional roles').split(/[,;\s]+/).map((s) => s.trim().toUpperCase()).filter(Boolean);
    const badRole = roles.find((role) => !(AdditionalRoles as readonly string[]).includes(role));
    if (badRole) {
      refuse(`Additional role "${badRole}" is not one of ${AdditionalRoles.join(', ')}`);
      continue;
    }
    const input = ZAdminSignupRequest.safeParse({
      firstName: get('First name'),
      lastName: get('Last name'),
      email,
      role: (get('Role') || 'employee').toLowerCase(),
      eCode: get('Employee code'),
      mobile: get('Mobile'),
      addlRoles: roles,
      ...refs,
    });
    if (!input.success) {
      refuse(describeZodError(input.error));
      continue;
    }
    const earlier = seen.get(input.data.email);
    if (earlier) {
      refuse(`The same email is on row ${earlier}`);
      continue;
    }
    seen.set(input.data.email, r);
    candidates.push({ row: r, data: { ...input.data, customerId, passwordHash: null, emailVerification: { status: false, keyHash: null } } });
  }

  const users = await insertWithinSeats(customerId, candidates, refused);
  refused.sort((a, b) => a.row - b.row);
  return { report: { created: users.length, invitations: users.length, refused }, users };
}

const isDuplicateKey = (error: unknown) => (error as { code?: number })?.code === 11000;

/**
 * Inserts the rows whose email is free, all or nothing: the whole import is refused (409 seats_full, with
 * how to get more seats) when its users would exceed the plan's seats, counted in the same transaction as
 * the insert. A row that loses an email race to a parallel sign-up aborts the transaction; the emails are
 * then read again and that row is reported instead.
 */
async function insertWithinSeats(customerId: Types.ObjectId, candidates: { row: number; data: Record<string, unknown> }[], refused: Refused[]): Promise<UserDoc[]> {
  for (let attempt = 0; ; attempt++) {
    const emails = candidates.map((c) => c.data.email as string);
    const taken = new Set((await User.find({ email: { $in: emails } }, { email: 1 }).setOptions({ crossTenant: true }).lean()).map((u) => u.email));
    const fresh = candidates.filter((c) => !taken.has(c.data.email as string));
    try {
      const users = await withTransaction(async (session) => {
        await assertSeatsFor(customerId, fresh.length, session);
        return fresh.length ? ((await User.insertMany(fresh.map((c) => c.data), { session })) as unknown as UserDoc[]) : [];
      });
      for (const c of candidates) if (taken.has(c.data.email as string)) refused.push({ row: c.row, email: c.data.email as string, reason: UserMessages.emailTaken });
      return users;
    } catch (error) {
      if (!isDuplicateKey(error) || attempt >= 2) throw error;
    }
  }
}
