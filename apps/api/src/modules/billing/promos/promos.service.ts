import type { ClientSession, Types } from 'mongoose';
import type { TPlanId } from '@hireflow/contracts/billing';
import { SubscriptionMessages, normalisePromoCode, type TAppliedPromo, type TPromo, type ZPromoInput, type ZPromoPatch } from '@hireflow/contracts/billing-subscription';
import type { z } from 'zod';
import { AppError } from '../../../lib/app-error';
import { withTransaction } from '../../jobs/with-transaction';
import { recordPlatformAction, type PlatformActor } from '../../superadmin/platform-audit';
import { Promo, PromoRedemption, type PromoDoc } from './promo.model';

const day = (d: Date) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(d);

export function presentPromo(p: PromoDoc): TPromo {
  return {
    id: String(p._id),
    code: p.code,
    kind: p.kind,
    value: p.value,
    plans: p.plans as TPlanId[],
    validFrom: p.validFrom ? p.validFrom.toISOString() : null,
    validTo: p.validTo ? p.validTo.toISOString() : null,
    maxUses: p.maxUses ?? null,
    usesSoFar: p.usesSoFar,
    active: p.active,
    createdAt: p.createdAt.toISOString(),
  };
}

export function presentApplied(p: Pick<PromoDoc, 'code' | 'kind' | 'value' | 'plans'>, plan: TPlanId): TAppliedPromo {
  const plans = p.plans as TPlanId[];
  return { code: p.code, kind: p.kind, value: p.value, plans, appliesToPlan: plans.includes(plan) };
}

/** Why a code cannot be used now on `plan` (null: it can); the usage limit is checked again when it is redeemed. */
export function promoProblem(p: PromoDoc, plan: TPlanId, now = new Date()): string | null {
  if (!p.active) return SubscriptionMessages.promoInactive;
  if (p.validFrom && p.validFrom.getTime() > now.getTime()) return SubscriptionMessages.promoNotYetValid(day(p.validFrom));
  if (p.validTo && p.validTo.getTime() <= now.getTime()) return SubscriptionMessages.promoExpired(day(p.validTo));
  if (p.maxUses !== null && p.maxUses !== undefined && p.usesSoFar >= p.maxUses) return SubscriptionMessages.promoUsedUp;
  if (!(p.plans as TPlanId[]).includes(plan)) return SubscriptionMessages.promoWrongPlan(plan, p.plans as TPlanId[]);
  return null;
}

export async function findPromoByCode(code: string, session?: ClientSession | null) {
  return Promo.findOne({ code: normalisePromoCode(code) }, null, { session: session ?? undefined }).lean<PromoDoc>();
}

/**
 * Uses `code` for the company on `plan` inside the caller's transaction: refused (400/409 with the reason)
 * when unknown, inactive, outside its dates, for another plan, already used by this company or used up.
 * The redemption's unique index makes it once per company; the conditional $inc holds maxUses under
 * concurrency (two transactions incrementing the same promo conflict, and the retry sees the new count).
 */
export async function redeemPromo({ customerId, code, plan, userId, now = new Date() }: { customerId: Types.ObjectId; code: string; plan: TPlanId; userId: Types.ObjectId; now?: Date }, session: ClientSession) {
  const promo = await findPromoByCode(code, session);
  if (!promo) throw AppError.badRequest(SubscriptionMessages.promoUnknown);
  const problem = promoProblem(promo, plan, now);
  if (problem) throw AppError.conflict(problem);
  if (await PromoRedemption.exists({ customerId, promoId: promo._id }).session(session)) throw AppError.conflict(SubscriptionMessages.promoAlreadyUsed);
  const counted = await Promo.findOneAndUpdate(
    { _id: promo._id, active: true, $or: [{ maxUses: null }, { $expr: { $lt: ['$usesSoFar', '$maxUses'] } }] },
    { $inc: { usesSoFar: 1 } },
    { session, returnDocument: 'after' },
  ).lean<PromoDoc>();
  if (!counted) throw AppError.conflict(SubscriptionMessages.promoUsedUp);
  try {
    await PromoRedemption.create([{ customerId, promoId: promo._id, redeemedBy: userId }], { session });
  } catch (error) {
    if ((error as { code?: number }).code === 11000) throw AppError.conflict(SubscriptionMessages.promoAlreadyUsed);
    throw error;
  }
  return counted;
}

// --- the super admin's list ------------------------------------------------------------------

export async function listPromos(): Promise<TPromo[]> {
  const rows = await Promo.find({}).sort({ createdAt: -1, _id: -1 }).limit(500).lean<PromoDoc[]>();
  return rows.map(presentPromo);
}

const isDuplicate = (error: unknown) => (error as { code?: number })?.code === 11000;

function describe(p: Pick<PromoDoc, 'kind' | 'value' | 'plans' | 'maxUses'>) {
  const off = p.kind === 'percent' ? `${p.value}% off` : `${p.value} cents off`;
  return `${off}; plans ${(p.plans as string[]).join(', ')}; ${p.maxUses ? `at most ${p.maxUses} uses` : 'no use limit'}`;
}

export async function createPromo({ actor, input }: { actor: PlatformActor; input: z.output<typeof ZPromoInput> }): Promise<TPromo> {
  try {
    return await withTransaction(async (session) => {
      const [doc] = await Promo.create([{ ...input, code: normalisePromoCode(input.code), createdBy: actor._id }], { session });
      const promo = doc!.toObject() as PromoDoc;
      await recordPlatformAction({ action: 'promo.create', actor, target: { kind: 'promo', id: String(promo._id), label: promo.code }, detail: describe(promo) }, session);
      return presentPromo(promo);
    });
  } catch (error) {
    if (isDuplicate(error)) throw AppError.conflict(SubscriptionMessages.codeTaken(normalisePromoCode(input.code)));
    throw error;
  }
}

export async function updatePromo({ actor, id, input }: { actor: PlatformActor; id: string; input: z.output<typeof ZPromoPatch> }): Promise<TPromo> {
  try {
    return await withTransaction(async (session) => {
      const before = await Promo.findById(id, null, { session }).lean<PromoDoc>();
      if (!before) throw AppError.notFound('Promo code');
      const merged = { ...before, ...stripUndefined(input) };
      if (merged.kind === 'percent' && merged.value > 100) throw AppError.badRequest('value: a percentage must be between 1 and 100');
      if (merged.validFrom && merged.validTo && merged.validTo.getTime() <= merged.validFrom.getTime()) throw AppError.badRequest('validTo: must be after the start date');
      const set = { ...stripUndefined(input), ...(input.code ? { code: normalisePromoCode(input.code) } : {}) };
      const after = await Promo.findByIdAndUpdate(id, { $set: set }, { session, returnDocument: 'after' }).lean<PromoDoc>();
      const changed = Object.keys(set).join(', ') || 'nothing';
      await recordPlatformAction({ action: 'promo.update', actor, target: { kind: 'promo', id, label: after!.code }, detail: `Changed ${changed}: ${describe(after!)}${after!.active ? '' : ' (inactive)'}` }, session);
      return presentPromo(after!);
    });
  } catch (error) {
    if (isDuplicate(error)) throw AppError.conflict(SubscriptionMessages.codeTaken(normalisePromoCode(input.code ?? '')));
    throw error;
  }
}

function stripUndefined<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

