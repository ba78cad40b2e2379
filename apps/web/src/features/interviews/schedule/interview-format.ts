import type { TInterview, TInterviewStatus } from '@hireflow/contracts/interviews';

// Formatting only (Intl): the interviews list shows times without loading the scheduling maths.

/** "Mon, 23 Mar 2026, 14:00–15:00" on the viewer's clock. */
export function interviewWhen(interview: Pick<TInterview, 'start' | 'end'>, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(interview.start));
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return `${day}, ${time.format(new Date(interview.start))}–${time.format(new Date(interview.end))}`;
}

export function viewerTimeZone(profileZone: string | null | undefined): string {
  try {
    if (profileZone) {
      new Intl.DateTimeFormat('en', { timeZone: profileZone });
      return profileZone;
    }
  } catch {
    // An unknown zone: the browser's.
  }
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Badge colours of the statuses (dark shades: readable on the light badge background). */
export const InterviewStatusColors: Record<TInterviewStatus, string> = { scheduled: 'blue.9', completed: 'teal.9', did_not_happen: 'grape.9', incident: 'red.9', cancelled: 'gray.7' };
