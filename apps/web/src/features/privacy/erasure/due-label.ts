const DayMs = 24 * 3600 * 1000;

/** How far a waiting request is from its legal deadline: "3 days left", "Due today" or "Overdue by 2 days". */
export function dueLabel(dueAt: string, now: number): { text: string; overdue: boolean } {
  const diff = new Date(dueAt).getTime() - now;
  const days = Math.ceil(Math.abs(diff) / DayMs);
  const unit = days === 1 ? 'day' : 'days';
  if (diff < 0) return { text: `Overdue by ${days} ${unit}`, overdue: true };
  return { text: days === 0 ? 'Due today' : `${days} ${unit} left`, overdue: false };
}
