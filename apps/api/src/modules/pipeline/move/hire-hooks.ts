import type { ClientSession, Types } from 'mongoose';
import type { ApplicationDoc } from '../../candidates/applications/application.model';
import type { JobDoc } from '../../jobs/job.model';

/** An application entered the hired stage (`hired`), or left it again (a hire undone). */
export type HireChange = {
  customerId: Types.ObjectId;
  /** The application as it was before the move. */
  application: ApplicationDoc;
  job: JobDoc;
  hired: boolean;
  at: Date;
  by: Types.ObjectId;
  session: ClientSession;
};

type HireHook = (change: HireChange) => Promise<void>;
const hooks: HireHook[] = [];

/**
 * What other areas do when a hire happens or is undone (a referral's reward): each registers once from its
 * module; moveApplication runs them inside the move's transaction, so their writes commit with it.
 */
export function onHireChange(hook: HireHook) {
  hooks.push(hook);
}

export async function runHireHooks(change: HireChange) {
  for (const hook of hooks) await hook(change);
}
