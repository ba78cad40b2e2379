import { currencyDigits, type TCreateOfferRequest, type TOffer, type TOfferOptions, type TPayPeriod } from '@hireflow/contracts/offers';
import type { TUserRef } from '@hireflow/contracts/common';
import { ApiError } from '@/lib/api-client';
import { addDays, todayDay } from '../offer-format';

export type CustomValue = string | number | boolean | null;

/** What the form edits. Amounts stay the decimal strings the user typed: they are never turned into floats. */
export type OfferFormValues = {
  jobTitle: string;
  startDate: string | null;
  expiryDate: string | null;
  currency: string;
  baseAmount: string;
  period: TPayPeriod;
  bonusAmount: string;
  equity: string;
  otherTerms: string;
  /** StandardLetter or a template's id. */
  templateId: string;
  manager: TUserRef | null;
  customFields: Record<string, CustomValue>;
  note: string;
};

export const StandardLetter = 'standard';
/** The candidate has a week to answer unless the recruiter says otherwise. */
const DefaultAnswerDays = 7;

export function initialOfferValues(options: TOfferOptions, offer: TOffer | null, today = todayDay()): OfferFormValues {
  if (offer) {
    const c = offer.compensation;
    return {
      jobTitle: offer.jobTitle,
      startDate: offer.startDate,
      expiryDate: offer.expiryDate,
      currency: c.currency,
      baseAmount: c.baseAmount,
      period: c.period,
      bonusAmount: c.bonusAmount ?? '',
      equity: c.equity,
      otherTerms: c.otherTerms,
      templateId: offer.template?.id ?? StandardLetter,
      manager: offer.manager,
      customFields: Object.fromEntries(options.customFields.map((f) => [f.key, (offer.customFields[f.key] as CustomValue | undefined) ?? null])),
      note: offer.note,
    };
  }
  return {
    jobTitle: options.defaults.jobTitle,
    startDate: null,
    expiryDate: addDays(today, DefaultAnswerDays),
    currency: options.defaults.currency ?? '',
    baseAmount: '',
    period: 'year',
    bonusAmount: '',
    equity: '',
    otherTerms: '',
    templateId: StandardLetter,
    manager: null,
    customFields: Object.fromEntries(options.customFields.map((f) => [f.key, f.type === 'yesno' ? false : null])),
    note: '',
  };
}

/** An amount as the currency allows it ("85000.50" EUR, "85000" JPY); null when it is fine. */
export function amountError(value: string, currency: string, required: boolean): string | null {
  const v = value.trim();
  if (!v) return required ? 'Enter the amount' : null;
  if (!/^\d{1,10}(\.\d+)?$/.test(v)) return 'Enter an amount such as 85000 or 85000.50 (digits, one decimal point, no separators)';
  const fraction = v.split('.')[1] ?? '';
  if (/^[A-Z]{3}$/.test(currency)) {
    const digits = currencyDigits(currency);
    if (fraction.length > digits) return digits === 0 ? `${currency} has no decimals` : `${currency} allows at most ${digits} decimals`;
  } else if (fraction.length > 3) return 'At most 3 decimals';
  if (required && /^0*(\.0*)?$/.test(v)) return 'Must be more than 0';
  return null;
}

export function validateOfferValues(values: OfferFormValues, options: TOfferOptions): Record<string, string> {
  const errors: Record<string, string> = {};
  const currency = values.currency.trim().toUpperCase();
  if (!values.jobTitle.trim()) errors.jobTitle = 'Enter the job title';
  if (!values.startDate) errors.startDate = 'Choose the start date';
  if (!values.expiryDate) errors.expiryDate = 'Choose the last day to answer';
  else if (values.startDate && values.expiryDate > values.startDate) errors.expiryDate = 'The last day to answer must be on or before the start date';
  if (!/^[A-Z]{3}$/.test(currency)) errors.currency = 'A 3-letter code such as EUR';
  const base = amountError(values.baseAmount, currency, true);
  if (base) errors.baseAmount = base;
  const bonus = amountError(values.bonusAmount, currency, false);
  if (bonus) errors.bonusAmount = bonus;
  for (const field of options.customFields) {
    const value = values.customFields[field.key];
    if (field.required && (value === null || value === undefined || value === '')) errors[`customFields.${field.key}`] = 'Required';
  }
  return errors;
}

/** The request: amounts exactly as typed (trimmed), the standard letter as null, the job's hiring manager when nobody is chosen on a new offer. */
export function offerRequest(values: OfferFormValues, options: TOfferOptions, isNew: boolean): Omit<TCreateOfferRequest, 'submit'> {
  return {
    jobTitle: values.jobTitle.trim(),
    startDate: values.startDate ?? '',
    expiryDate: values.expiryDate ?? '',
    compensation: {
      currency: values.currency.trim().toUpperCase(),
      baseAmount: values.baseAmount.trim(),
      period: values.period,
      bonusAmount: values.bonusAmount.trim() || null,
      equity: values.equity.trim(),
      otherTerms: values.otherTerms.trim(),
    },
    templateId: values.templateId === StandardLetter ? null : values.templateId,
    managerId: values.manager?.id ?? (isNew ? options.defaults.managerId : null),
    customFields: Object.fromEntries(Object.entries(values.customFields).filter(([, v]) => v !== null && v !== '')),
    note: values.note.trim(),
  };
}

const CompensationFields = ['currency', 'baseAmount', 'period', 'bonusAmount', 'equity', 'otherTerms'];
const TopFields = ['jobTitle', 'startDate', 'expiryDate', 'templateId', 'note'];

/** The form field a server path names ("compensation.baseAmount" -> "baseAmount"), or null. */
export function formFieldOf(path: string, options: TOfferOptions): string | null {
  const [head, tail] = [path.split('.')[0] ?? '', path.split('.').slice(1).join('.')];
  if (head === 'compensation' && CompensationFields.includes(tail)) return tail;
  if (head === 'customFields' && options.customFields.some((f) => f.key === tail)) return path;
  if (head === 'managerId') return 'manager';
  if (TopFields.includes(path)) return path;
  return null;
}

/**
 * A 400 names its field first ("compensation.baseAmount: has more decimals than EUR allows (2)"): the
 * message goes to that field. Anything else is shown above the form.
 */
export function serverFieldError(error: unknown, options: TOfferOptions): { field: string; message: string } | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const details = Array.isArray(error.details) ? (error.details as { path?: unknown; message?: unknown }[]) : [];
  const first = details[0];
  if (first && typeof first.path === 'string' && typeof first.message === 'string') {
    const field = formFieldOf(first.path, options);
    if (field) return { field, message: first.message };
  }
  const m = /^([\w.]+): (.+)$/s.exec(error.message);
  if (!m) return null;
  const field = formFieldOf(m[1]!, options);
  return field ? { field, message: m[2]! } : null;
}
