/** Business units, departments and locations offered in filters and forms (the page loads them). */
export type OrgChoice = { value: string; label: string };
export type OrgChoices = { businessUnits: OrgChoice[]; departments: OrgChoice[]; locations: OrgChoice[] };
export const noOrgChoices: OrgChoices = { businessUnits: [], departments: [], locations: [] };
