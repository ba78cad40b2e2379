import { ApplicationSources, type TApplicationSource } from '@hireflow/contracts/candidates';
import type { TBoardFilters, TPipelineCard } from '@hireflow/contracts/pipeline';

const DayMs = 86_400_000;
const FilterKeys = ['source', 'tag', 'ownerId', 'minDays', 'maxDays'] as const;

const days = (value: string | null) => {
  if (value === null || !/^\d{1,4}$/.test(value)) return undefined;
  return Number(value);
};

/** The board's filters as the URL holds them (?source=&tag=&ownerId=&minDays=&maxDays=); unknown values are dropped. */
export function filtersFromParams(params: URLSearchParams): TBoardFilters {
  const source = params.get('source');
  const filters: TBoardFilters = {
    source: source && (ApplicationSources as readonly string[]).includes(source) ? (source as TApplicationSource) : undefined,
    tag: params.get('tag')?.trim() || undefined,
    ownerId: /^[a-f0-9]{24}$/i.test(params.get('ownerId') ?? '') ? params.get('ownerId')! : undefined,
    minDays: days(params.get('minDays')),
    maxDays: days(params.get('maxDays')),
  };
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as TBoardFilters;
}

/** The URL after one filter changed (the others and the job stay). */
export function paramsWithFilter(params: URLSearchParams, key: (typeof FilterKeys)[number], value: string | number | null | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === null || value === undefined || value === '') next.delete(key);
  else next.set(key, String(value));
  return next;
}

export function paramsWithoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of FilterKeys) next.delete(key);
  return next;
}

/** Whole days since the card entered its stage, as the server counts them for the filter. */
export function daysInStage(card: Pick<TPipelineCard, 'stageEnteredAt'>, now = Date.now()): number {
  return Math.max(0, Math.floor((now - new Date(card.stageEnteredAt).getTime()) / DayMs));
}

/** Whether a card that moved or arrived belongs on the board under these filters. */
export function cardMatches(card: TPipelineCard, filters: TBoardFilters, now = Date.now()): boolean {
  if (filters.source && card.source !== filters.source) return false;
  if (filters.tag && !card.tags.includes(filters.tag)) return false;
  if (filters.ownerId && card.owner?.id !== filters.ownerId) return false;
  const d = daysInStage(card, now);
  if (filters.minDays !== undefined && d < filters.minDays) return false;
  if (filters.maxDays !== undefined && d > filters.maxDays) return false;
  return true;
}
