import { z } from 'zod';
import { ZObjectId } from './common';
import { ZInterviewAttribute } from './interviews';

// ---------------------------------------------------------------------------------------------
// Interview plans, the attribute library and signatures: the shapes beyond interviews.ts.
// Paths: InterviewApi.jobPlan, defaultPlan, attributes, attribute, mySignature, signature.
// ---------------------------------------------------------------------------------------------

export const ZInterviewAttributeList = z.object({ items: z.array(ZInterviewAttribute.extend({ usedInPlans: z.number() })) });
export type TInterviewAttributeList = z.infer<typeof ZInterviewAttributeList>;
export type TInterviewAttributeRow = TInterviewAttributeList['items'][number];
/** DELETE answers whether the attribute went, or was deactivated because a plan still uses it. */
export const ZInterviewAttributeDeleted = z.object({ deleted: z.boolean(), deactivated: z.boolean(), message: z.string() });

export const InterviewAttributeLimits = { perCompany: 200 } as const;

export const SignatureLimits = { max: 5_000 } as const;
export const ZSignatureInput = z.object({ signature: z.string().max(SignatureLimits.max, { error: 'is too long' }) });
export type TSignatureInput = z.infer<typeof ZSignatureInput>;
/** SPEC getsignature: the signed-in user's signature, or (admins) a colleague's. */
export const ZSignatureRequest = z.object({ userId: ZObjectId.optional() });
export const ZSignature = z.object({ signature: z.string() });
export type TSignature = z.infer<typeof ZSignature>;

export const InterviewPlanMessages = {
  duplicateAttribute: (name: string) => `An attribute named "${name}" already exists.`,
  tooManyAttributes: `A company may keep at most ${InterviewAttributeLimits.perCompany} attributes.`,
  deactivatedInUse: (plans: number) => `Deactivated instead of deleted: ${plans} interview plan${plans === 1 ? '' : 's'} still use${plans === 1 ? 's' : ''} it. Remove it from those plans to delete it.`,
  deleted: 'Attribute deleted.',
  unknownInterviewers: 'Some interviewers are not active users of your company.',
  unknownAttributes: 'Some focus attributes are not active attributes of your company.',
  unknownRound: 'A round of this plan no longer exists. Reload the page and try again.',
  duplicateRound: 'A round appears twice in the plan.',
} as const;
