import { DatePresets, PlatformReportNames, ReportCatalog, ReportNames, ReportRules, type TAnyReportName, type TDatePreset, type TReportFilterKey } from '@hireflow/contracts/reports';

/** The query a report page sends: what its URL says, restricted to what the report takes. */
export type ReportQueryParams = Partial<Record<'preset' | 'from' | 'to' | 'companyId' | TReportFilterKey, string>>;

const day = /^\d{4}-\d{2}-\d{2}$/;

/** The report a page may show: company pages the 20 of SPEC, the platform page those plus the platform-only ones. */
export function knownReport(name: string | undefined, platform: boolean): TAnyReportName | null {
  const names: readonly string[] = platform ? [...ReportNames, ...PlatformReportNames] : ReportNames;
  return name && names.includes(name) ? (name as TAnyReportName) : null;
}

/** The URL's filters that this report takes (anything else in the URL is ignored, never sent: the API would refuse it). */
export function readReportQuery(name: TAnyReportName, params: URLSearchParams, platform: boolean): ReportQueryParams {
  const entry = ReportCatalog[name];
  const out: ReportQueryParams = {};
  if (entry.dateRange) {
    const preset = params.get('preset');
    if (preset && (DatePresets as readonly string[]).includes(preset)) out.preset = preset;
    if (out.preset === 'custom') {
      const from = params.get('from');
      const to = params.get('to');
      if (from && day.test(from)) out.from = from;
      if (to && day.test(to)) out.to = to;
    }
  }
  for (const key of entry.filters) {
    const value = params.get(key);
    if (value) out[key] = value;
  }
  if (platform) {
    const companyId = params.get('companyId');
    if (companyId) out.companyId = companyId;
  }
  return out;
}

/** The preset shown when the URL names none (the API's default). */
export function presetOf(query: ReportQueryParams): TDatePreset {
  return (query.preset as TDatePreset | undefined) ?? ReportRules.defaultPreset;
}

/** Why the query cannot be sent yet (a custom range without both dates, a timeline without a candidate), or null. */
export function incompleteQuery(name: TAnyReportName, query: ReportQueryParams): 'range' | 'candidate' | null {
  if (query.preset === 'custom' && (!query.from || !query.to)) return 'range';
  if (ReportCatalog[name].filters.includes('candidateId') && !query.candidateId) return 'candidate';
  return null;
}

/** Filters a user set beyond the defaults (what "Reset filters" clears; the company of the platform page stays). */
export function hasUserFilters(query: ReportQueryParams): boolean {
  return Object.keys(query).some((k) => k !== 'companyId');
}
