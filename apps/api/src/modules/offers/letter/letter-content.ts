import { DateTime } from 'luxon';
import { formatMoney, fromMinorUnits, PayPeriodLabels, type TPayPeriod } from '@hireflow/contracts/offers';
import { Customer } from '../../org/customer.model';
import { Candidate } from '../../candidates/candidate.model';
import { Job } from '../../jobs/job.model';
import { User } from '../../users/user.model';
import { MailTemplate } from '../../mail/mail-template.model';
import { readStoredFile } from '../../files/files.service';
import { fillText, type MergeValues } from '../../mail/merge-fields';
import { jobLinkOf } from '../../candidates/campaigns/campaign-mail';
import type { OfferDoc } from '../offer.model';
import { addressLinesOf } from '../../company/brand';

/**
 * What an offer letter says, worked out once from the offer and read by both the PDF (render-letter.ts)
 * and the candidate's page (public/offer-public.render.ts), so the two never disagree.
 */
export type LetterContent = {
  companyName: string;
  /** The company's postal address (company profile) as lines, under its name; empty without one. */
  companyAddress?: string[];
  /** The company's logo (PNG or JPEG) when it has one. */
  logo: Buffer | null;
  /** "#rrggbb": the company's primary colour, or a neutral dark grey. */
  color: string;
  /** The letter's date, written out. */
  date: string;
  candidateName: string;
  candidateFirstName: string;
  title: string;
  paragraphs: string[];
  /** Label and value rows of the compensation table. */
  terms: [string, string][];
  expiryLine: string;
  signer: { name: string; companyName: string };
};

export const NeutralLetterColor = '#2f3b35';
const isColor = (value: unknown): value is string => typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);

/** "2027-01-04" -> "Monday, 4 January 2027". */
export const writtenDate = (isoDate: string) => {
  const d = DateTime.fromISO(isoDate, { zone: 'utc' });
  return d.isValid ? d.setLocale('en-GB').toFormat('cccc, d LLLL yyyy') : isoDate;
};
const writtenDay = (at: Date) => DateTime.fromJSDate(at, { zone: 'utc' }).setLocale('en-GB').toFormat('d LLLL yyyy');

export const personName = (p: { firstName?: string | null; lastName?: string | null } | null | undefined) => `${p?.firstName ?? ''} ${p?.lastName ?? ''}`.trim();

type Money = Pick<OfferDoc['compensation'], 'currency' | 'baseMinor' | 'period' | 'bonusMinor'>;
/** "EUR 85,000.50 a year": exact, from the stored minor units. */
export const baseSalaryText = (c: Money) => `${formatMoney(fromMinorUnits(c.baseMinor, c.currency), c.currency)} ${PayPeriodLabels[c.period as TPayPeriod]}`;
export const bonusText = (c: Money) => (c.bonusMinor === null || c.bonusMinor === undefined ? '' : formatMoney(fromMinorUnits(c.bonusMinor, c.currency), c.currency));

/** Where {{offer.link}} points in a letter: the candidate's page on their own page; a stored PDF never holds the key. */
export const LinkInLetter = 'the offer page linked in our email';

export type LetterSources = Awaited<ReturnType<typeof loadLetterSources>>;

/** Everything a letter needs besides the offer: the company (and logo), the candidate, the job, the manager, the template. */
export async function loadLetterSources(offer: OfferDoc) {
  const customerId = offer.customerId;
  const [company, candidate, job, template] = await Promise.all([
    Customer.findById(customerId, { name: 1, slug: 1, branding: 1, 'profile.address': 1 }).lean(),
    Candidate.findOne({ customerId, _id: offer.candidateId }, { firstName: 1, lastName: 1, email: 1 }).lean(),
    Job.findOne({ customerId, _id: offer.jobId }, { title: 1, hiringManagerId: 1, recruiterIds: 1, memberIds: 1 }).lean(),
    offer.templateId ? MailTemplate.findOne({ customerId, _id: offer.templateId, kind: 'offer' }, { subject: 1, body: 1 }).lean() : null,
  ]);
  const managerId = offer.managerId ?? job?.hiringManagerId ?? null;
  const [manager, logo] = await Promise.all([
    managerId ? User.findOne({ customerId, _id: managerId }, { firstName: 1, lastName: 1, email: 1 }).lean() : null,
    company?.branding?.logoFileId ? readLogo(offer, company.branding.logoFileId) : null,
  ]);
  return { company, candidate, job, template, manager, logo };
}

async function readLogo(offer: OfferDoc, fileId: string): Promise<Buffer | null> {
  const file = await readStoredFile(offer.customerId, fileId, { maxBytes: 2 * 1024 * 1024 });
  return file && /^image\/(png|jpe?g)$/.test(file.contentType) ? file.buffer : null;
}

/** The merge values of an offer letter: the common candidate/job/company fields and every offer.* field. */
export function offerMergeValues(offer: OfferDoc, sources: LetterSources, { publicUrl, link }: { publicUrl: string; link: string }): MergeValues {
  const { company, candidate, job, manager } = sources;
  const c = offer.compensation;
  return {
    'candidate.firstName': candidate?.firstName ?? '',
    'candidate.lastName': candidate?.lastName ?? '',
    'candidate.fullName': personName(candidate),
    'job.title': job?.title ?? offer.jobTitle,
    'job.link': job ? jobLinkOf(publicUrl, company?.slug, job._id) : '',
    'company.name': company?.name ?? '',
    'sender.name': company?.name ?? '',
    'offer.jobTitle': offer.jobTitle,
    'offer.startDate': writtenDate(offer.startDate),
    'offer.baseSalary': baseSalaryText(c),
    'offer.bonus': bonusText(c),
    'offer.equity': c.equity ?? '',
    'offer.otherTerms': c.otherTerms ?? '',
    'offer.expiryDate': writtenDate(offer.expiryDate),
    'offer.manager': personName(manager),
    'offer.link': link,
  };
}

/** The standard letter when the offer names no template. */
function standardParagraphs(values: MergeValues): string[] {
  const manager = values['offer.manager'] ? `, reporting to ${values['offer.manager']}` : '';
  return [
    `Dear ${values['candidate.firstName'] || values['candidate.fullName']},`,
    `We are delighted to offer you the position of ${values['offer.jobTitle']} at ${values['company.name']}${manager}. We would like you to start on ${values['offer.startDate']}.`,
    'The terms of our offer are set out below. Everything not covered here follows your employment contract and our company policies.',
    `To accept, read the letter and sign it electronically on ${values['offer.link']}. If you have any questions, please reply to our email; we are happy to talk them through.`,
    'We very much look forward to working with you.',
  ];
}

/**
 * The letter's content. `link` is the candidate's page on that page itself; a stored letter (preview,
 * sent PDF) says where to find it instead, so no file a colleague may open holds the candidate's key.
 */
export function letterContent(offer: OfferDoc, sources: LetterSources, { publicUrl, link = null, date }: { publicUrl: string; link?: string | null; date: Date }): LetterContent {
  const values = offerMergeValues(offer, sources, { publicUrl, link: link ?? LinkInLetter });
  const { template } = sources;
  const paragraphs = template
    ? fillText(template.body, values)
        .split(/\n{2,}/)
        .map((p) => p.trim())
        .filter(Boolean)
    : standardParagraphs(values);
  const terms: [string, string][] = [
    ['Position', offer.jobTitle],
    ['Start date', values['offer.startDate']!],
    ['Base pay', values['offer.baseSalary']!],
  ];
  if (values['offer.bonus']) terms.push(['Bonus', values['offer.bonus']]);
  if (values['offer.equity']) terms.push(['Equity', values['offer.equity']]);
  if (values['offer.otherTerms']) terms.push(['Other terms', values['offer.otherTerms']]);
  if (values['offer.manager']) terms.push(['Reports to', values['offer.manager']]);
  const companyName = values['company.name'] ?? '';
  return {
    companyName,
    companyAddress: addressLinesOf(sources.company?.profile?.address),
    logo: sources.logo,
    color: isColor(sources.company?.branding?.primaryColor) ? sources.company.branding.primaryColor : NeutralLetterColor,
    date: writtenDay(date),
    candidateName: values['candidate.fullName'] ?? '',
    candidateFirstName: values['candidate.firstName'] ?? '',
    title: template ? fillText(template.subject, values).replace(/[\r\n]+/g, ' ').trim() || `Offer of employment: ${offer.jobTitle}` : `Offer of employment: ${offer.jobTitle}`,
    paragraphs,
    terms,
    expiryLine: `This offer is open until the end of ${values['offer.expiryDate']}.`,
    signer: { name: values['offer.manager'] || companyName, companyName },
  };
}
