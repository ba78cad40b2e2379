import { z } from 'zod';
import { ZEmail, ZObjectId, zMultilineText, zText } from './common';
import { CompanySettingsPages } from './settings';

// ---------------------------------------------------------------------------------------------
// Organisation: business units, departments, locations, campuses, clients, job codes, lists,
// tags, sources, custom fields (one generic API: /api/org/{kind}) and the company's email domains.
// ---------------------------------------------------------------------------------------------

export const OrgKinds = [
  'business-units',
  'departments',
  'locations',
  'campuses',
  'clients',
  'job-codes',
  'lists',
  'tags',
  'sources',
  'custom-fields',
] as const;
export type TOrgKind = (typeof OrgKinds)[number];

export const OrgStatuses = ['active', 'inactive'] as const;
export type TOrgStatus = (typeof OrgStatuses)[number];

export const OrgApi = {
  list: '/api/org/:kind',
  options: '/api/org/:kind/options',
  create: '/api/org/:kind',
  update: '/api/org/:kind/:id',
  status: '/api/org/:kind/:id/status',
  usage: '/api/org/:kind/:id/usage',
  remove: '/api/org/:kind/:id',
  domains: '/api/org-domains',
  domain: '/api/org-domains/:domain',
  domainProof: '/api/org-domains/:domain/proof',
  proveDomain: '/api/domain-proof',
} as const;

export const OrgValidation = {
  pageSize: 50,
  maxNameLength: 80,
  maxTextLength: 500,
  maxAddresses: 50,
  maxListOptions: 200,
  maxOptionLength: 80,
  maxHeadcount: 100_000,
  maxOptions: 1000,
} as const;

export { OrgKindRights } from './org-rights';
export const DomainsRight = CompanySettingsPages['manage-domains'];

/** Singular and plural labels, used in messages ("Department not found", "used by 3 users"). */
export const OrgKindLabels: Record<TOrgKind, { one: string; many: string }> = {
  'business-units': { one: 'Business unit', many: 'Business units' },
  departments: { one: 'Department', many: 'Departments' },
  locations: { one: 'Location', many: 'Locations' },
  campuses: { one: 'Campus', many: 'Campuses' },
  clients: { one: 'Client', many: 'Clients' },
  'job-codes': { one: 'Job code', many: 'Job codes' },
  lists: { one: 'List', many: 'Lists' },
  tags: { one: 'Tag', many: 'Tags' },
  sources: { one: 'Source', many: 'Sources' },
  'custom-fields': { one: 'Custom field', many: 'Custom fields' },
};

const ZOrgName = zText({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(OrgValidation.maxNameLength, { error: 'is too long' });
const ZText = zText().trim().max(OrgValidation.maxTextLength, { error: 'is too long' });
const ZOptionalText = ZText.optional().default('');
/** Descriptions and postal addresses may span lines. */
const ZMultilineText = zMultilineText().trim().max(OrgValidation.maxTextLength, { error: 'is too long' });
const ZOptionalDescription = ZMultilineText.optional().default('');
const ZOptionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: 'must be a valid email address' }))
  .or(z.literal(''))
  .optional()
  .default('');
const ZWebsite = z.url({ error: 'must be a web address such as https://example.com' }).max(300).or(z.literal('')).optional().default('');
const ZHeadcount = z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).min(0, { error: 'must not be negative' }).max(OrgValidation.maxHeadcount, { error: 'is too large' });

export const CustomFieldEntities = ['job', 'candidate', 'application', 'offer'] as const;
export const CustomFieldTypes = ['text', 'number', 'date', 'dropdown', 'yesno'] as const;
export const CustomFieldTypeLabels = { text: 'Text', number: 'Number', date: 'Date', dropdown: 'Dropdown from a list', yesno: 'Yes / no' } as const;
export const TagColors = ['gray', 'red', 'pink', 'grape', 'violet', 'indigo', 'blue', 'cyan', 'teal', 'green', 'lime', 'yellow', 'orange'] as const;

/** Request bodies for create; update takes the same fields, each optional. */
export const OrgCreateSchemas = {
  'business-units': z.object({ name: ZOrgName, parentId: ZObjectId.nullable().optional().default(null), description: ZOptionalDescription }),
  departments: z.object({ name: ZOrgName, description: ZOptionalDescription }),
  locations: z.object({
    name: ZOrgName,
    city: ZOptionalText,
    country: ZOptionalText,
    addresses: z
      .array(z.object({ label: ZOrgName, address: ZMultilineText.min(1, { error: 'is required' }) }))
      .max(OrgValidation.maxAddresses, { error: `may hold at most ${OrgValidation.maxAddresses} addresses` })
      .optional()
      .default([]),
  }),
  campuses: z.object({ name: ZOrgName, city: ZOptionalText, contactName: ZOptionalText, contactEmail: ZOptionalEmail }),
  clients: z.object({ name: ZOrgName, website: ZWebsite, contactName: ZOptionalText, contactEmail: ZOptionalEmail }),
  'job-codes': z.object({
    code: zText({ error: 'is required' }).trim().toUpperCase().min(1, { error: 'is required' }).max(30, { error: 'is too long' }).regex(/^[A-Z0-9][A-Z0-9._-]*$/, { error: 'may use letters, digits, dots, dashes and underscores' }),
    title: ZOrgName,
    approvedHeadcount: ZHeadcount,
    usedHeadcount: ZHeadcount.optional().default(0),
  }),
  lists: z.object({
    name: ZOrgName,
    options: z
      .array(zText().trim().min(1, { error: 'must not be empty' }).max(OrgValidation.maxOptionLength, { error: 'is too long' }))
      .min(1, { error: 'needs at least one option' })
      .max(OrgValidation.maxListOptions, { error: `may hold at most ${OrgValidation.maxListOptions} options` })
      .refine((options) => new Set(options.map((o) => o.toLowerCase())).size === options.length, { error: 'must not repeat an option' }),
  }),
  tags: z.object({ name: ZOrgName, color: z.enum(TagColors, { error: 'is not a known colour' }).optional().default('gray') }),
  sources: z.object({ name: ZOrgName, description: ZOptionalDescription }),
  'custom-fields': z
    .object({
      entity: z.enum(CustomFieldEntities, { error: `must be one of ${CustomFieldEntities.join(', ')}` }),
      label: ZOrgName,
      type: z.enum(CustomFieldTypes, { error: `must be one of ${CustomFieldTypes.join(', ')}` }),
      listId: ZObjectId.nullable().optional().default(null),
      required: z.boolean().optional().default(false),
      order: z.coerce.number({ error: 'must be a number' }).int().min(0).max(1000).optional().default(0),
    })
    .refine((v) => v.type !== 'dropdown' || v.listId, { path: ['listId'], message: 'is required for a dropdown field' }),
} as const satisfies Record<TOrgKind, z.ZodType>;

export type TOrgCreate<K extends TOrgKind> = z.input<(typeof OrgCreateSchemas)[K]>;

/** Update bodies: every field optional (custom fields: entity cannot change). */
export const OrgUpdateSchemas = {
  'business-units': OrgCreateSchemas['business-units'].partial(),
  departments: OrgCreateSchemas.departments.partial(),
  locations: OrgCreateSchemas.locations.partial(),
  campuses: OrgCreateSchemas.campuses.partial(),
  clients: OrgCreateSchemas.clients.partial(),
  'job-codes': OrgCreateSchemas['job-codes'].partial(),
  lists: z.object({ name: ZOrgName, options: OrgCreateSchemas.lists.shape.options }).partial(),
  tags: OrgCreateSchemas.tags.partial(),
  sources: OrgCreateSchemas.sources.partial(),
  'custom-fields': z
    .object({
      label: ZOrgName,
      type: z.enum(CustomFieldTypes, { error: `must be one of ${CustomFieldTypes.join(', ')}` }),
      listId: ZObjectId.nullable(),
      required: z.boolean(),
      order: z.coerce.number({ error: 'must be a number' }).int().min(0).max(1000),
    })
    .partial(),
} as const satisfies Record<TOrgKind, z.ZodType>;

export const ZOrgListQuery = z.object({
  search: z.string().trim().max(100).optional().default(''),
  status: z.enum(['all', ...OrgStatuses], { error: 'must be all, active or inactive' }).optional().default('all'),
  skip: z.coerce.number({ error: 'must be a number' }).int().min(0, { error: 'must not be negative' }).max(1_000_000).optional().default(0),
  entity: z.enum(CustomFieldEntities).optional(),
});
export type TOrgListQuery = z.input<typeof ZOrgListQuery>;
export type TOrgListQueryParsed = z.output<typeof ZOrgListQuery>;

/** One org entity as the API returns it: the common part plus the kind's own fields. */
export const ZOrgItem = z
  .object({
    id: z.string(),
    kind: z.enum(OrgKinds),
    /** What the list shows as the item's name (job codes: "CODE — title"; custom fields: the label). */
    displayName: z.string(),
    status: z.enum(OrgStatuses),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .catchall(z.unknown());
export type TOrgItem = z.infer<typeof ZOrgItem> & Record<string, unknown>;

/** Like the user list: up to pageSize + 1 items (the extra one means more), total the count. */
export const ZOrgListResponse = z.object({ items: z.array(ZOrgItem), total: z.number() });
export type TOrgListResponse = z.infer<typeof ZOrgListResponse>;

export const ZOrgOption = z.object({ id: z.string(), name: z.string(), parentId: z.string().nullable().optional() });
export type TOrgOption = z.infer<typeof ZOrgOption>;
export const ZOrgOptionsResponse = z.object({ options: z.array(ZOrgOption) });

export const ZOrgStatusRequest = z.object({ status: z.enum(OrgStatuses, { error: 'must be active or inactive' }) });
export const ZOrgUsage = z.object({ usage: z.array(z.object({ what: z.string(), count: z.number() })) });
export type TOrgUsage = z.infer<typeof ZOrgUsage>;

export const ZDomain = z
  .string({ error: 'is required' })
  .trim()
  .toLowerCase()
  .max(253, { error: 'is too long' })
  .regex(/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, { error: 'must be a domain such as acme.com' });
export const ZDomainRequest = z.object({ domain: ZDomain });
export const MaxDomains = 20;
/**
 * A claimed domain captures self-sign-ups only once proven ("active"): at once when the claiming admin's
 * own verified email is at it, otherwise by a link mailed to an address at it ("pending" until opened).
 */
export const DomainStates = ['active', 'pending'] as const;
export const ZDomainEntry = z.object({
  domain: z.string(),
  status: z.enum(DomainStates),
  proofSentTo: z.string().nullable(),
  proofSentAt: z.string().nullable(),
});
export type TDomainEntry = z.infer<typeof ZDomainEntry>;
export const ZDomainsResponse = z.object({ domains: z.array(ZDomainEntry) });
export type TDomainsResponse = z.infer<typeof ZDomainsResponse>;
/** Where to mail the proof link: an address at the domain itself. */
export const ZDomainProofRequest = z.object({ email: ZEmail });
export const ZDomainProofResponse = ZDomainsResponse.extend({ message: z.string() });
export const ZProveDomainRequest = z.object({ key: z.string({ error: 'is required' }).min(20, { error: 'is not valid' }).max(200, { error: 'is not valid' }) });
export const ZProveDomainResponse = z.object({ domain: z.string(), companyName: z.string(), message: z.string() });
export type TProveDomainResponse = z.infer<typeof ZProveDomainResponse>;
export const DomainProofRules = { ttlDays: 7 } as const;
/** Public email providers: a company cannot claim them for self-sign-up. */
export const PublicEmailDomains = ['gmail.com', 'googlemail.com', 'yahoo.com', 'outlook.com', 'hotmail.com', 'live.com', 'icloud.com', 'aol.com', 'proton.me', 'protonmail.com', 'gmx.com', 'mail.com'] as const;

export const OrgMessages = {
  inUse: (label: string, where: string) => `This ${label.toLowerCase()} is in use (${where}). Deactivate it instead of deleting it.`,
  duplicate: (label: string, field: string) => `A ${label.toLowerCase()} with this ${field} already exists`,
  parentCycle: 'parentId: a business unit cannot sit under itself or one of its own children',
  domainTaken: 'This domain already belongs to another company',
  publicDomain: 'domain: public email providers cannot be used for self-sign-up',
  domainOnList: 'This domain is already on the list',
  domainAlreadyActive: 'This domain is already active; it needs no proof',
  proofAddressElsewhere: (domain: string) => `email: must be an address at ${domain}, such as it@${domain}`,
  proofSent: (email: string) => `We sent a link to ${email}. The domain becomes active when it is opened.`,
  proofLinkInvalid: 'This link is invalid, has expired or was replaced by a newer one. Ask the company admin to send a new one.',
  domainProved: (domain: string, company: string) => `${domain} is now active: people with an address at ${domain} can sign themselves up to ${company}.`,
} as const;
