import type { Types } from 'mongoose';
import { ImportFieldLabels, ImportFields, type TImportField, type TImportMapping, type TImportReport, type TImportRowReport } from '@hireflow/contracts/candidates-intake';
import { ZCandidateFields, type TCandidateFieldsParsed } from '@hireflow/contracts/candidates';
import type { SheetRows } from '../../../lib/spreadsheet';
import { describeZodError } from '../../../lib/validate';
import { Candidate, candidateMatchKeys, type CandidateDoc } from '../candidate.model';

/**
 * What an import will do, row by row: the column mapping guessed from the header, and the plan the dry
 * run shows and the background run carries out. Reads only; writes nothing.
 */

const HeaderNames: Record<TImportField, string[]> = {
  firstName: ['firstname', 'first', 'givenname', 'forename'],
  lastName: ['lastname', 'last', 'surname', 'familyname'],
  email: ['email', 'emailaddress', 'mail'],
  phone: ['phone', 'phonenumber', 'mobile', 'mobilenumber', 'telephone', 'tel', 'cell'],
  location: ['location', 'city', 'address', 'place'],
  currentTitle: ['title', 'jobtitle', 'currenttitle', 'position', 'role', 'currentrole'],
  currentCompany: ['company', 'currentcompany', 'employer', 'organisation', 'organization', 'currentemployer'],
  skills: ['skills', 'skill', 'skillset'],
  tags: ['tags', 'tag', 'labels'],
  experienceYears: ['experience', 'experienceyears', 'yearsofexperience', 'years', 'yoe', 'experienceinyears'],
};

/** Guesses which column holds which field from the header names (any case, spacing or punctuation). */
export function guessMapping(header: string[]): TImportMapping {
  const normal = (s: string) => (s ?? '').toLowerCase().replace(/[^a-z]/g, '');
  const mapping: TImportMapping = {};
  header.forEach((text, col) => {
    const name = normal(text);
    const field = ImportFields.find((f) => mapping[f] === undefined && HeaderNames[f].includes(name));
    if (field) mapping[field] = col;
  });
  return mapping;
}

/** The header as a dense list of column titles (index = column number in the sheet). */
export function columnsOf(sheet: SheetRows): string[] {
  const width = Math.max(sheet.header.length, ...sheet.rows.slice(0, 50).map((r) => r.cells.length));
  return Array.from({ length: width }, (_, i) => sheet.header[i] ?? '');
}

// --- Planning (the dry run and the run share it) -------------------------------------------------

export type PlannedRow = TImportRowReport & { fields?: TCandidateFieldsParsed; fill?: Record<string, unknown> };

/** "last name, phone, company" for a person to read. */
export const fieldList = (fields: TImportField[]) => fields.map((f) => ImportFieldLabels[f].toLowerCase()).join(', ');

const FillableOnUpdate = ['firstName', 'lastName', 'phone', 'location', 'currentTitle', 'currentCompany', 'experienceYears'] as const;
const blank = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

function rowFields(cells: string[], mapping: TImportMapping): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const field of ImportFields) {
    const col = mapping[field];
    if (col === undefined) continue;
    const text = (cells[col] ?? '').trim();
    if (!text) continue;
    raw[field] = field === 'skills' || field === 'tags' ? text.split(/[,;]/).map((s) => s.trim()).filter(Boolean) : text;
  }
  return raw;
}

/**
 * What each row will do: create a candidate, update one (an exact email match: only its blank fields
 * are filled) or be skipped (invalid, repeated in the file, nothing to fill, or a likely duplicate by
 * phone or name + company that a person should merge by hand). Reads only; writes nothing.
 */
export async function planRows(customerId: Types.ObjectId, sheet: SheetRows, mapping: TImportMapping): Promise<PlannedRow[]> {
  const planned: PlannedRow[] = [];
  const seenEmail = new Map<string, number>();
  const seenPhone = new Map<string, number>();
  const seenName = new Map<string, number>();
  const valid: { row: number; fields: TCandidateFieldsParsed; keys: ReturnType<typeof candidateMatchKeys> }[] = [];

  for (const { number: row, cells } of sheet.rows) {
    const raw = rowFields(cells, mapping);
    if (Object.keys(raw).length === 0) continue; // a blank line
    const name = `${String(raw.firstName ?? '')} ${String(raw.lastName ?? '')}`.trim();
    const email = String(raw.email ?? '').toLowerCase();
    const skip = (message: string) => planned.push({ row, action: 'skip', name, email, message: `Row ${row}: ${message}`, candidateId: null });
    const parsed = ZCandidateFields.safeParse(raw);
    if (!parsed.success) {
      skip(describeZodError(parsed.error));
      continue;
    }
    const fields = parsed.data;
    const keys = candidateMatchKeys(fields);
    const earlier = (fields.email && seenEmail.get(fields.email)) || (keys.phoneKey && seenPhone.get(keys.phoneKey)) || (!keys.nameKey.endsWith('|') && seenName.get(keys.nameKey));
    if (earlier) {
      skip(`the same person is on row ${earlier}`);
      continue;
    }
    if (fields.email) seenEmail.set(fields.email, row);
    if (keys.phoneKey) seenPhone.set(keys.phoneKey, row);
    if (!keys.nameKey.endsWith('|')) seenName.set(keys.nameKey, row);
    valid.push({ row, fields, keys });
  }

  // One query per key kind for the whole file, not one per row.
  const emails = valid.map((v) => v.fields.email).filter(Boolean);
  const phones = valid.map((v) => v.keys.phoneKey).filter(Boolean);
  const names = valid.map((v) => v.keys.nameKey).filter((k) => !k.endsWith('|'));
  const existing = (await Candidate.find(
    { customerId, mergedIntoId: null, $or: [{ email: { $in: emails } }, { phoneKey: { $in: phones } }, { nameKey: { $in: names } }] },
    { firstName: 1, lastName: 1, email: 1, phone: 1, phoneKey: 1, nameKey: 1, location: 1, currentTitle: 1, currentCompany: 1, experienceYears: 1, skills: 1, tags: 1 },
  ).lean()) as CandidateDoc[];
  const byEmail = new Map(existing.filter((c) => c.email).map((c) => [c.email, c]));
  const byPhone = new Map(existing.filter((c) => c.phoneKey).map((c) => [c.phoneKey, c]));
  const byName = new Map(existing.filter((c) => c.nameKey).map((c) => [c.nameKey, c]));

  for (const { row, fields, keys } of valid) {
    const name = `${fields.firstName} ${fields.lastName}`.trim();
    const base = { row, name, email: fields.email };
    const match = fields.email ? byEmail.get(fields.email) : undefined;
    if (match) {
      const fill: Record<string, unknown> = {};
      for (const f of FillableOnUpdate) if (blank(match[f]) && !blank(fields[f])) fill[f] = fields[f];
      const union = (a: string[], b: string[]) => {
        const have = new Set(a.map((s) => s.toLowerCase()));
        return b.filter((s) => !have.has(s.toLowerCase()));
      };
      const skills = union(match.skills ?? [], fields.skills);
      const tags = union(match.tags ?? [], fields.tags);
      const filled = [...Object.keys(fill), ...(skills.length ? ['skills'] : []), ...(tags.length ? ['tags'] : [])] as TImportField[];
      if (filled.length === 0) {
        planned.push({ ...base, action: 'skip', message: `Row ${row}: already in the database with nothing blank to fill`, candidateId: String(match._id) });
      } else {
        planned.push({ ...base, action: 'update', message: `Fills ${fieldList(filled)}`, candidateId: String(match._id), fill: { ...fill, ...(skills.length ? { skills } : {}), ...(tags.length ? { tags } : {}) } });
      }
      continue;
    }
    const likely = (keys.phoneKey && byPhone.get(keys.phoneKey)) || (!keys.nameKey.endsWith('|') && byName.get(keys.nameKey));
    if (likely) {
      const why = keys.phoneKey && likely.phoneKey === keys.phoneKey ? 'same phone' : 'same name and company';
      planned.push({ ...base, action: 'skip', message: `Row ${row}: likely the same person as ${`${likely.firstName} ${likely.lastName ?? ''}`.trim()} (${why}); merge by hand if needed`, candidateId: String(likely._id) });
      continue;
    }
    planned.push({ ...base, action: 'create', message: '', candidateId: null, fields });
  }
  return planned.sort((a, b) => a.row - b.row);
}

export function reportOf(rows: PlannedRow[]): TImportReport {
  const clean = rows.map(({ row, action, name, email, message, candidateId }) => ({ row, action, name, email, message, candidateId }));
  return {
    created: clean.filter((r) => r.action === 'create').length,
    updated: clean.filter((r) => r.action === 'update').length,
    skipped: clean.filter((r) => r.action === 'skip').length,
    rows: clean,
  };
}

