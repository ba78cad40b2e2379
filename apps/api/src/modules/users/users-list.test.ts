import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import ExcelJS from 'exceljs';
import type { Express } from 'express';
import { UserList } from '@hireflow/contracts/constants';
import { ZUserListResponse, type TUserRow } from '@hireflow/contracts/users';
import { startTestApp } from '../../test/test-app';
import { buildCustomer, buildUser, tokenFor } from '../../test/factories';
import { BusinessUnit } from '../org/business-unit.model';
import { Department } from '../org/department.model';
import { Location } from '../org/location.model';
import { User } from './user.model';
import { binaryBody } from '../../test/binary-body';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
const tokens: Record<string, string> = {};
let ids: { unitA: string; deptA: string; locA: string; unitB: string };

beforeAll(async () => {
  ctx = await startTestApp();
  app = ctx.app;
  const [a, b] = await Promise.all([buildCustomer({ name: 'Acme' }), buildCustomer({ name: 'Globex' })]);
  const [unitA, deptA, locA, unitB] = await Promise.all([
    BusinessUnit.create({ customerId: a._id, name: 'Engineering' }),
    Department.create({ customerId: a._id, name: 'Platform' }),
    Location.create({ customerId: a._id, name: 'Berlin' }),
    BusinessUnit.create({ customerId: b._id, name: 'Globex BU' }),
  ]);
  ids = { unitA: String(unitA._id), deptA: String(deptA._id), locA: String(locA._id), unitB: String(unitB._id) };

  const adminA = await buildUser({ customerId: a._id, admin: true, firstName: 'Ada', lastName: 'Zadmin', email: 'ada@acme.test' });
  const managerA = await buildUser({ customerId: a._id, rights: ['manageUsers'], firstName: 'Mia', lastName: 'Zmanager', role: 'employee' });
  const plainA = await buildUser({ customerId: a._id, firstName: 'Paul', lastName: 'Zplain', role: 'employee' });
  const adminB = await buildUser({ customerId: b._id, admin: true, firstName: 'Gina', lastName: 'Globex' });

  // 120 more users in Acme: 40 in Engineering/Platform/Berlin (recruiters, HM), 80 employees, 10 of them inactive.
  await User.insertMany(
    Array.from({ length: 120 }, (_, i) => ({
      customerId: a._id,
      firstName: `First${String(i).padStart(3, '0')}`,
      lastName: `Member${String(i).padStart(3, '0')}`,
      email: `member${i}@acme.test`,
      eCode: `E-${1000 + i}`,
      role: i < 40 ? 'recruiter' : 'employee',
      addlRoles: i < 5 ? ['HM'] : [],
      status: i >= 110 ? 'inactive' : 'active',
      buItemId: i < 40 ? unitA._id : null,
      department: i < 40 ? deptA._id : null,
      location: i < 40 ? locA._id : null,
      emailVerification: { status: i % 2 === 0, keyHash: null },
    })),
  );
  await User.insertMany([{ customerId: b._id, firstName: 'Member', lastName: 'Outsider', email: 'member@globex.test', role: 'recruiter' }]);

  tokens.adminA = await tokenFor(ctx.config, adminA);
  tokens.managerA = await tokenFor(ctx.config, managerA);
  tokens.plainA = await tokenFor(ctx.config, plainA);
  tokens.adminB = await tokenFor(ctx.config, adminB);
});
afterAll(() => ctx.stop());

const list = (token: string, body: object) => request(app).post('/api/user').set('Authorization', `Bearer ${token}`).send(body);

describe('POST /api/user', () => {
  it('401 without a token', async () => {
    const res = await request(app).post('/api/user').send({});
    expect(res.status).toBe(401);
  });

  it('403 for a user without the manageUsers right', async () => {
    const res = await list(tokens.plainA, {});
    expect(res.status).toBe(403);
    expect(res.body.message).toContain('manageUsers');
  });

  it('400 with a clear message for an unknown filter value and a negative skip', async () => {
    const bad = await list(tokens.adminA, { filters: { role: 'Pilots' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('filters.role: is not a known role filter');
    const negative = await list(tokens.adminA, { skip: -1 });
    expect(negative.status).toBe(400);
    expect(negative.body.message).toBe('skip: must not be negative');
  });

  it('answers 51 rows for a first page of 123 users, cnt the total, only the caller company', async () => {
    const res = await list(tokens.adminA, {});
    expect(res.status).toBe(200);
    const body = ZUserListResponse.parse(res.body);
    expect(body.cnt).toBe(123);
    expect(body.ul).toHaveLength(UserList.pageSize + 1);
    expect(body.ul.some((u) => u.email.endsWith('@globex.test'))).toBe(false);
    expect(res.body.ul[0]).not.toHaveProperty('passwordHash');
  });

  it('pages stably: consecutive pages of 50 cover every user once, in name order', async () => {
    const seen: TUserRow[] = [];
    for (let skip = 0; ; skip += UserList.pageSize) {
      const res = await list(tokens.managerA, { skip });
      expect(res.status).toBe(200);
      const { ul } = ZUserListResponse.parse(res.body);
      seen.push(...ul.slice(0, UserList.pageSize));
      if (ul.length <= UserList.pageSize) break;
    }
    expect(seen).toHaveLength(123);
    expect(new Set(seen.map((u) => u.id)).size).toBe(123);
    const names = seen.map((u) => `${u.lastName} ${u.firstName}`.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('a last page holds no extra row', async () => {
    const res = await list(tokens.adminA, { skip: 100 });
    expect(res.body.ul).toHaveLength(23);
    expect(res.body.cnt).toBe(123);
  });

  it('searches by name, email and employee code, trimmed and url-decoded', async () => {
    const byName = await list(tokens.adminA, { filters: { search: '  member01 ' } });
    expect(byName.body.cnt).toBe(10); // member010..member019
    const byEmail = await list(tokens.adminA, { filters: { search: encodeURIComponent('member7@acme.test') } });
    expect(byEmail.body.ul.map((u: TUserRow) => u.email)).toEqual(['member7@acme.test']);
    const byCode = await list(tokens.adminA, { filters: { search: 'e-1005' } });
    expect(byCode.body.ul.map((u: TUserRow) => u.eCode)).toEqual(['E-1005']);
    const twoWords = await list(tokens.adminA, { filters: { search: 'ada zadmin' } });
    expect(twoWords.body.ul.map((u: TUserRow) => u.email)).toEqual(['ada@acme.test']);
    const regexChars = await list(tokens.adminA, { filters: { search: '.*' } });
    expect(regexChars.body.cnt).toBe(0);
  });

  it('never finds another company users by search', async () => {
    const res = await list(tokens.adminA, { filters: { search: 'outsider' } });
    expect(res.body.cnt).toBe(0);
  });

  it('filters by role, status, business unit, department and location', async () => {
    const recruiters = await list(tokens.adminA, { filters: { role: 'Recruiters' } });
    expect(recruiters.body.cnt).toBe(41); // 40 members + the factory admin (recruiter)
    const hms = await list(tokens.adminA, { filters: { role: 'Hiring Managers' } });
    expect(hms.body.cnt).toBe(5);
    const admins = await list(tokens.adminA, { filters: { role: 'Admins' } });
    expect(admins.body.ul.map((u: TUserRow) => u.email)).toEqual(['ada@acme.test']);
    const inactive = await list(tokens.adminA, { filters: { status: 'Inactive' } });
    expect(inactive.body.cnt).toBe(10);
    const unverified = await list(tokens.adminA, { filters: { status: 'Unverified' } });
    expect(unverified.body.cnt).toBe(60);
    const inUnit = await list(tokens.adminA, { filters: { businessUnit: ids.unitA, department: ids.deptA, location: ids.locA } });
    expect(inUnit.body.cnt).toBe(40);
    expect(inUnit.body.ul[0].buItemId).toEqual({ id: ids.unitA, displayName: 'Engineering' });
    expect(inUnit.body.ul[0].department).toMatchObject({ id: ids.deptA, deptDisplayValue: 'Platform' });
    expect(inUnit.body.ul[0].location).toEqual({ id: ids.locA, searchText: 'Berlin' });
    const combined = await list(tokens.adminA, { filters: { role: 'Employees', status: 'Active', search: 'member' } });
    expect(combined.body.cnt).toBe(70);
  });

  it('another company business unit id matches nothing', async () => {
    const res = await list(tokens.adminA, { filters: { businessUnit: ids.unitB } });
    expect(res.status).toBe(200);
    expect(res.body.cnt).toBe(0);
  });

  it('the other company admin sees only their own users', async () => {
    const res = await list(tokens.adminB, {});
    expect(res.body.cnt).toBe(2);
  });
});

describe('POST /api/user with export', () => {
  async function download(token: string, body: object) {
    return request(app)
      .post('/api/user')
      .set('Authorization', `Bearer ${token}`)
      .send(body)
      .buffer(true)
      .parse(binaryBody);
  }

  it('403 without manageUsers', async () => {
    const res = await list(tokens.plainA, { export: true });
    expect(res.status).toBe(403);
  });

  it('streams every matching user into one sheet: a header row, rows in list order, dates as dates', async () => {
    const res = await download(tokens.adminA, { export: true, filters: { role: 'Recruiters' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="users-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.body as Buffer as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(1 + 41);
    expect(sheet.getRow(1).getCell(1).value).toBe('First name');
    expect(sheet.getRow(1).getCell(3).value).toBe('Email');
    const emails = Array.from({ length: 41 }, (_, i) => String(sheet.getRow(i + 2).getCell(3).value));
    expect(emails).toContain('ada@acme.test');
    expect(emails.filter((e) => e.endsWith('@globex.test'))).toHaveLength(0);
    const member = sheet.getRow(2);
    expect(member.getCell(10).value).toBe('Engineering');
    expect(member.getCell(14).value).toBeInstanceOf(Date);
  });

  it('exports all 123 users (more than one page) when no filter is set', async () => {
    const res = await download(tokens.managerA, { export: true });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.body as Buffer as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.rowCount).toBe(124);
  });
});

describe('GET /api/searchusers/{text}', () => {
  it('401 without a token', async () => {
    expect((await request(app).get('/api/searchusers/ada')).status).toBe(401);
  });

  it('finds active users of the caller company for any signed-in user, at most 20', async () => {
    const res = await request(app).get('/api/searchusers/member').set('Authorization', `Bearer ${tokens.plainA}`);
    expect(res.status).toBe(200);
    expect(res.body.users).toHaveLength(20);
    expect(res.body.users[0]).toEqual({ id: expect.any(String), fullName: 'First000 Member000', email: 'member0@acme.test', role: 'recruiter', addlRoles: ['HM'] });
  });

  it('skips inactive users and other companies', async () => {
    const inactive = await request(app).get('/api/searchusers/member115').set('Authorization', `Bearer ${tokens.adminA}`);
    expect(inactive.body.users).toEqual([]);
    const other = await request(app).get('/api/searchusers/outsider').set('Authorization', `Bearer ${tokens.adminA}`);
    expect(other.body.users).toEqual([]);
    const own = await request(app).get('/api/searchusers/outsider').set('Authorization', `Bearer ${tokens.adminB}`);
    expect(own.body.users.map((u: { email: string }) => u.email)).toEqual(['member@globex.test']);
  });

  it('decodes url-encoded text', async () => {
    const res = await request(app).get(`/api/searchusers/${encodeURIComponent(encodeURIComponent('ada zad'))}`).set('Authorization', `Bearer ${tokens.adminA}`);
    expect(res.body.users.map((u: { email: string }) => u.email)).toEqual(['ada@acme.test']);
  });
});
