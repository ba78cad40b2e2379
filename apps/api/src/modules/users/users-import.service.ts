import ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import type { Types } from 'mongoose';
import { AdditionalRoles } from '@hireflow/contracts/roles';
import { UserImportColumns, UserMessages, UserValidation, ZAdminSignupRequest, type TUserImportResponse } from '@hireflow/contracts/users';
import { AppError } from '../../lib/app-error';
import { describeZodError } from '../../lib/validate';
import { BusinessUnit } from '../org/business-unit.model';
import { Department } from '../org/department.model';
import { Location } from '../org/location.model';
import { User, type UserDoc } from './user.model';

type Column = (typeof UserImportColumns)[number];
type Refused = TUserImportResponse['refused'][number];

function cellText(cell: ExcelJS.Cell): string {
  const v = cell.value as unknown;
  if (v == null) return '';
  if (typeof v === 'object' && v !== null && 'text' in v) return String((v as { text: unknown }).text ?? '').trim();
  if (v instanceof Date) return v.toISOString();
  return String(cell.text ?? v).trim();
}

async function readSheet(file: Buffer, contentType: string): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  const isZip = file.length > 3 && file[0] === 0x50 && file[1] === 0x4b;
  try {
    if (isZip) await workbook.xlsx.load(file as unknown as ArrayBuffer);
    else if (/csv|text|octet-stream|ms-excel/.test(contentType)) await workbook.csv.read(Readable.from(file.toString('utf8').replace(/^\uFEFF/, '')));
    else throw new Error('unknown type');
  } catch {
    throw AppError.badRequest('The file could not be read. Upload an .xlsx workbook or a .csv file with a header row.');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.rowCount < 2) throw AppError.badRequest('The file has no rows below the header row.');
  return sheet;
}

/** Header text (any case, any spacing) -> column number. First name, Last name and Email are required. */
function mapHeaders(sheet: ExcelJS.Worksheet): Map<Column, number> {
  const found = new Map<Column, number>();
  const normal = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
  sheet.getRow(1).eachCell((cell, col) => {
    const column = UserImportColumns.find((c) => normal(c) === normal(cellText(cell)));
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
  const sheet = await readSheet(file, contentType);
  const headers = mapHeaders(sheet);
  if (sheet.rowCount - 1 > UserValidation.maxImportRows) throw AppError.badRequest(`A file may hold at most ${UserValidation.maxImportRows} users; split it into smaller files.`);

  const [units, departments, locations] = await Promise.all([
    nameIndex(BusinessUnit as unknown as typeof Department, customerId),
    nameIndex(Department, customerId),
    nameIndex(Location as unknown as typeof Department, customerId),
  ]);

  const refused: Refused[] = [];
  const candidates: { row: number; data: Record<string, unknown> }[] = [];
  const seen = new Map<string, number>();

  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const get = (c: Column) => (headers.has(c) ? cellText(row.getCell(headers.get(c)!)) : '');
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

  const emails = candidates.map((c) => c.data.email as string);
  const taken = new Set(
    (await User.find({ email: { $in: emails } }, { email: 1 }).setOptions({ crossTenant: true }).lean()).map((u) => u.email),
  );
  const fresh = candidates.filter((c) => {
    if (!taken.has(c.data.email as string)) return true;
    refused.push({ row: c.row, email: c.data.email as string, reason: UserMessages.emailTaken });
    return false;
  });

  let users: UserDoc[] = [];
  if (fresh.length) {
    // Unordered: a row that races another sign-up with the same email fails alone.
    const result = await User.insertMany(fresh.map((c) => c.data), { ordered: false, rawResult: false }).catch((error: { insertedDocs?: UserDoc[]; writeErrors?: { index?: number; err?: { index?: number } }[] }) => {
      for (const w of error.writeErrors ?? []) {
        const c = fresh[w.index ?? w.err?.index ?? -1];
        if (c) refused.push({ row: c.row, email: c.data.email as string, reason: UserMessages.emailTaken });
      }
      if (!error.insertedDocs) throw error;
      return error.insertedDocs;
    });
    users = result as unknown as UserDoc[];
  }
  refused.sort((a, b) => a.row - b.row);
  return { report: { created: users.length, invitations: users.length, refused }, users };
}
