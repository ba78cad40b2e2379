import mongoose, { type Types } from 'mongoose';
import { Plans, TrialDays, TrialPlan } from '@hireflow/contracts/billing';
import { AccessRightKeys } from '@hireflow/contracts/roles';
import {
  AuthMessages,
  type TEmployeeSignupRequest,
  type TSelfSignupRequest,
  type TSessionResponse,
} from '@hireflow/contracts/auth';
import { AppError } from '../../lib/app-error';
import { User, type UserDoc } from '../users/user.model';
import { Customer, type CustomerDoc } from '../org/customer.model';
import type { AuthCtx } from './auth.context';
import { hashPassword } from './auth.crypto';
import { issueEmailVerification } from './email-verification.service';
import { findUserByEmail, startSession } from './sign-in.service';
import type { VerifiedIdentity } from './third-party.service';
import { assertSeatsFor } from '../billing/plans';
import { withTransaction } from '../jobs/with-transaction';

type SignupAnswer = { message: string; email: string };

const emailTaken = () => new AppError('email_taken', { message: AuthMessages.emailTaken, status: 409 });
const slugTaken = (slug: string) => new AppError('slug_taken', { message: AuthMessages.slugTaken(slug), status: 409 });

/** A unique-index race lost to a parallel sign-up still answers the clear message. */
function explainDuplicate(error: unknown, slug?: string | null): unknown {
  const e = error as { code?: number; keyValue?: Record<string, unknown>; message?: string };
  if (e?.code !== 11000) return error;
  if ((e.keyValue && 'slug' in e.keyValue) || /slug/.test(e.message ?? '')) return slugTaken(slug ?? '');
  return emailTaken();
}

async function assertEmailFree(email: string) {
  if (await findUserByEmail(email)) throw emailTaken();
}

/** The company an employee joins: the one active company that lists their email domain. */
async function companyForDomain(email: string): Promise<CustomerDoc | null> {
  const domain = email.split('@')[1]!.toLowerCase();
  const companies = (await Customer.find({ domains: domain }).limit(2).lean()) as CustomerDoc[];
  if (companies.length > 1) throw new AppError('ambiguous_domain', { message: AuthMessages.ambiguousDomain, status: 409 });
  const company = companies[0] ?? null;
  if (company?.status === 'suspended') throw new AppError('company_suspended', { message: AuthMessages.companySuspended, status: 403 });
  return company;
}

/** A new company tries TrialPlan with every feature for TrialDays (contracts billing.ts). */
function newCompanyTrial(now = new Date()) {
  return { plan: TrialPlan, seats: Plans[TrialPlan].seats, trialEndsAt: new Date(now.getTime() + TrialDays * 24 * 3600 * 1000), subscription: { status: 'trialing' as const } };
}

/** A company and its first admin, written together or not at all. */
async function createCompanyWithAdmin(input: {
  company: { name: string; slug: string | null };
  admin: { firstName: string; lastName: string; email: string; mobile: string; passwordHash: string | null; verified: boolean; authProviders: string[] };
}): Promise<UserDoc> {
  let admin: UserDoc | null = null;
  try {
    await mongoose.connection.transaction(async (session) => {
      const [customer] = await Customer.create(
        [{ name: input.company.name, ...(input.company.slug ? { slug: input.company.slug } : {}), isAuthorized: false, userOptionsPage: false, ...newCompanyTrial() }],
        { session },
      );
      const [user] = await User.create(
        [
          {
            customerId: customer!._id,
            firstName: input.admin.firstName,
            lastName: input.admin.lastName,
            email: input.admin.email,
            mobile: input.admin.mobile,
            role: 'recruiter',
            admin: true,
            rights: [...AccessRightKeys],
            passwordHash: input.admin.passwordHash,
            emailVerification: { status: input.admin.verified, keyHash: null },
            authProviders: input.admin.authProviders,
          },
        ],
        { session },
      );
      admin = user!.toObject() as UserDoc;
    });
  } catch (error) {
    throw explainDuplicate(error, input.company.slug);
  }
  return admin!;
}

/**
 * POST /api/selfsignup: a new company (not authorised until the platform super admin says so) and its
 * admin, who holds every right; the email stays unverified until the welcome mail's link is opened.
 */
export async function selfSignup(ctx: AuthCtx, input: TSelfSignupRequest): Promise<SignupAnswer> {
  await assertEmailFree(input.email);
  if (await Customer.exists({ slug: input.slug })) throw slugTaken(input.slug);
  const admin = await createCompanyWithAdmin({
    company: { name: input.companyName, slug: input.slug },
    admin: { ...input, passwordHash: await hashPassword(ctx.config, input.password), verified: false, authProviders: [] },
  });
  await issueEmailVerification(ctx, admin, { welcomeTo: input.companyName });
  return { message: AuthMessages.signupComplete(admin.email), email: admin.email };
}

/** An employee joining through the company's domain takes a seat: refused (409 seats_full) when none is free. */
async function createEmployeeWithinSeats(customerId: Types.ObjectId, fields: Record<string, unknown>): Promise<UserDoc> {
  return withTransaction(async (session) => {
    await assertSeatsFor(customerId, 1, session);
    const [created] = await User.create([{ ...fields, customerId, role: 'employee' }], { session });
    return created!.toObject() as UserDoc;
  });
}

/** POST /api/employeeSelfSignUp: an employee of the company whose domains include the email's domain. */
export async function employeeSelfSignup(ctx: AuthCtx, input: TEmployeeSignupRequest): Promise<SignupAnswer> {
  await assertEmailFree(input.email);
  const company = await companyForDomain(input.email);
  if (!company) throw new AppError('unknown_domain', { message: AuthMessages.unknownDomain, status: 400 });
  let user: UserDoc;
  try {
    const passwordHash = await hashPassword(ctx.config, input.password);
    user = await createEmployeeWithinSeats(company._id, {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      mobile: input.mobile ?? '',
      passwordHash,
      emailVerification: { status: false, keyHash: null },
    });
  } catch (error) {
    throw explainDuplicate(error);
  }
  await issueEmailVerification(ctx, user);
  return { message: AuthMessages.signupComplete(user.email), email: user.email };
}

function companyNameFromDomain(email: string): string {
  const label = email.split('@')[1]!.split('.')[0] ?? 'My company';
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/**
 * Account creation from an identity Google or Microsoft has verified (the OAuth code calls this):
 * an employee of the company that lists the email's domain, otherwise a new company (no slug yet, so
 * its admin goes through /onboarding) with this person as admin. The address counts as verified and
 * there is no password (OTP or "forgot password" can add one). Answers a signed-in session.
 */
export async function signUpWithVerifiedIdentity(ctx: AuthCtx, identity: VerifiedIdentity): Promise<TSessionResponse> {
  const email = identity.email.trim().toLowerCase();
  await assertEmailFree(email);
  const firstName = identity.firstName.trim() || email.split('@')[0]!;
  const lastName = identity.lastName.trim() || '-';
  const company = await companyForDomain(email);
  let user: UserDoc;
  if (company) {
    try {
      user = await createEmployeeWithinSeats(company._id, {
        firstName,
        lastName,
        email,
        passwordHash: null,
        emailVerification: { status: true, keyHash: null },
        authProviders: [identity.provider],
      });
    } catch (error) {
      throw explainDuplicate(error);
    }
  } else {
    user = await createCompanyWithAdmin({
      company: { name: companyNameFromDomain(email), slug: null },
      admin: { firstName, lastName, email, mobile: '', passwordHash: null, verified: true, authProviders: [identity.provider] },
    });
  }
  return startSession(ctx, user);
}
