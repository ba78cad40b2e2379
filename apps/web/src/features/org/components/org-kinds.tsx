import { Badge, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CustomFieldEntities, CustomFieldTypeLabels, CustomFieldTypes, OrgKindLabels, TagColors, type TOrgItem, type TOrgKind } from '@hireflow/contracts/org';
import { ParentUnitPath } from './business-unit-path';

export type FieldSpec =
  | { name: string; label: string; type: 'text' | 'email' | 'url' | 'textarea'; required?: boolean; description?: string }
  | { name: string; label: string; type: 'number'; required?: boolean }
  | { name: string; label: string; type: 'select'; data: { value: string; label: string }[]; required?: boolean; clearable?: boolean; editable?: boolean }
  | { name: string; label: string; type: 'orgSelect'; kind: TOrgKind; description?: string }
  | { name: string; label: string; type: 'tags'; description?: string }
  | { name: string; label: string; type: 'switch' }
  | { name: string; label: string; type: 'addresses' };

export type ColumnSpec = { header: string; cell: (item: TOrgItem) => ReactNode };

export type OrgKindSpec = {
  title: string;
  intro: string;
  fields: FieldSpec[];
  columns: ColumnSpec[];
  defaults: Record<string, unknown>;
};

const text = (key: string) => (item: TOrgItem) => (item[key] ? String(item[key]) : <Text c="dimmed">—</Text>);
const nameColumn: ColumnSpec = { header: 'Name', cell: (item) => <Text fw={500}>{item.displayName}</Text> };

/** What each kind's page shows and edits; the API validates the same fields with the contracts' schemas. */
export const OrgKindSpecs: Record<TOrgKind, OrgKindSpec> = {
  'business-units': {
    title: 'Business units',
    intro: 'Business units form a tree: each may sit under a parent unit.',
    fields: [
      { name: 'name', label: 'Name', type: 'text', required: true },
      { name: 'parentId', label: 'Parent unit', type: 'orgSelect', kind: 'business-units', description: 'Leave empty for a top-level unit' },
      { name: 'description', label: 'Description', type: 'textarea' },
    ],
    columns: [nameColumn, { header: 'Parent unit', cell: (item) => <ParentUnitPath parentId={(item.parentId as string | null | undefined) ?? null} /> }, { header: 'Description', cell: text('description') }],
    defaults: { name: '', parentId: null, description: '' },
  },
  departments: {
    title: 'Departments',
    intro: 'Departments people and jobs belong to.',
    fields: [
      { name: 'name', label: 'Name', type: 'text', required: true },
      { name: 'description', label: 'Description', type: 'textarea' },
    ],
    columns: [nameColumn, { header: 'Description', cell: text('description') }],
    defaults: { name: '', description: '' },
  },
  locations: {
    title: 'Office locations',
    intro: 'Office locations and their office addresses (used for interviews and job postings).',
    fields: [
      { name: 'name', label: 'Name', type: 'text', required: true },
      { name: 'city', label: 'City', type: 'text' },
      { name: 'country', label: 'Country', type: 'text' },
      { name: 'addresses', label: 'Office addresses', type: 'addresses' },
    ],
    columns: [
      nameColumn,
      { header: 'City', cell: text('city') },
      { header: 'Country', cell: text('country') },
      { header: 'Addresses', cell: (item) => String((item.addresses as unknown[] | undefined)?.length ?? 0) },
    ],
    defaults: { name: '', city: '', country: '', addresses: [] },
  },
  campuses: {
    title: 'Campuses',
    intro: 'Universities and colleges you hire graduates from.',
    fields: [
      { name: 'name', label: 'Name', type: 'text', required: true },
      { name: 'city', label: 'City', type: 'text' },
      { name: 'contactName', label: 'Contact name', type: 'text' },
      { name: 'contactEmail', label: 'Contact email', type: 'email' },
    ],
    columns: [nameColumn, { header: 'City', cell: text('city') }, { header: 'Contact', cell: text('contactEmail') }],
    defaults: { name: '', city: '', contactName: '', contactEmail: '' },
  },
  clients: {
    title: 'Clients',
    intro: 'Companies you hire for.',
    fields: [
      { name: 'name', label: 'Name', type: 'text', required: true },
      { name: 'website', label: 'Website', type: 'url', description: 'Such as https://client.example' },
      { name: 'contactName', label: 'Contact name', type: 'text' },
      { name: 'contactEmail', label: 'Contact email', type: 'email' },
    ],
    columns: [nameColumn, { header: 'Website', cell: text('website') }, { header: 'Contact', cell: text('contactName') }],
    defaults: { name: '', website: '', contactName: '', contactEmail: '' },
  },
  'job-codes': {
    title: 'Workforce planning',
    intro: 'Job codes with their approved headcount and how much of it is used.',
    fields: [
      { name: 'code', label: 'Code', type: 'text', required: true, description: 'Letters, digits, dots, dashes and underscores' },
      { name: 'title', label: 'Title', type: 'text', required: true },
      { name: 'approvedHeadcount', label: 'Approved headcount', type: 'number', required: true },
      { name: 'usedHeadcount', label: 'Used headcount', type: 'number' },
    ],
    columns: [
      { header: 'Code', cell: text('code') },
      { header: 'Title', cell: text('title') },
      { header: 'Approved', cell: text('approvedHeadcount') },
      { header: 'Used', cell: (item) => `${String(item.usedHeadcount ?? 0)} (${Math.max(0, Number(item.approvedHeadcount) - Number(item.usedHeadcount))} open)` },
    ],
    defaults: { code: '', title: '', approvedHeadcount: 1, usedHeadcount: 0 },
  },
  lists: {
    title: 'Lists',
    intro: 'Named dropdown lists, used by dropdown custom fields.',
    fields: [
      { name: 'name', label: 'Name', type: 'text', required: true },
      { name: 'options', label: 'Options', type: 'tags', description: 'Type an option and press Enter' },
    ],
    columns: [nameColumn, { header: 'Options', cell: (item) => ((item.options as string[]) ?? []).join(', ') }],
    defaults: { name: '', options: [] },
  },
  tags: {
    title: 'Tags',
    intro: 'Tags recruiters put on candidates.',
    fields: [
      { name: 'name', label: 'Name', type: 'text', required: true },
      { name: 'color', label: 'Colour', type: 'select', data: TagColors.map((c) => ({ value: c, label: c })) },
    ],
    columns: [{ header: 'Tag', cell: (item) => <Badge color={String(item.color ?? 'gray')}>{item.displayName}</Badge> }],
    defaults: { name: '', color: 'gray' },
  },
  sources: {
    title: 'Sources',
    intro: 'Where your candidates come from.',
    fields: [
      { name: 'name', label: 'Name', type: 'text', required: true },
      { name: 'description', label: 'Description', type: 'textarea' },
    ],
    columns: [nameColumn, { header: 'Description', cell: text('description') }],
    defaults: { name: '', description: '' },
  },
  'custom-fields': {
    title: 'Custom fields',
    intro: 'Extra fields on jobs, candidates, applications and offers.',
    fields: [
      { name: 'entity', label: 'Used on', type: 'select', required: true, editable: false, data: CustomFieldEntities.map((e) => ({ value: e, label: e[0]!.toUpperCase() + e.slice(1) })) },
      { name: 'label', label: 'Label', type: 'text', required: true },
      { name: 'type', label: 'Type', type: 'select', required: true, data: CustomFieldTypes.map((t) => ({ value: t, label: CustomFieldTypeLabels[t] })) },
      { name: 'listId', label: 'List (for a dropdown)', type: 'orgSelect', kind: 'lists' },
      { name: 'required', label: 'Required', type: 'switch' },
      { name: 'order', label: 'Order', type: 'number' },
    ],
    columns: [
      { header: 'Order', cell: text('order') },
      nameColumn,
      { header: 'Type', cell: (item) => CustomFieldTypeLabels[item.type as keyof typeof CustomFieldTypeLabels] ?? String(item.type) },
      { header: 'Required', cell: (item) => (item.required ? 'Yes' : 'No') },
    ],
    defaults: { entity: 'job', label: '', type: 'text', listId: null, required: false, order: 0 },
  },
};

export const labelOfKind = (kind: TOrgKind) => OrgKindLabels[kind];
