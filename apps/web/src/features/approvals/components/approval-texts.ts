import type { TApprovalHistoryAction, TApprovalKind, TApprovalStatus, TApprovalStep } from '@hireflow/contracts/approvals';

export const ApprovalStepColors: Record<TApprovalStep['state'], string> = { waiting: 'gray.7', current: 'indigo.9', approved: 'teal.9', rejected: 'red.9' };
export const ApprovalStepLabels: Record<TApprovalStep['state'], string> = { waiting: 'Waiting', current: 'Deciding now', approved: 'Approved', rejected: 'Rejected' };

export const ApprovalActionLabels: Record<TApprovalHistoryAction, string> = {
  submitted: 'Submitted',
  skipped: 'Own step skipped',
  approved: 'Approved',
  rejected: 'Rejected',
  reassigned: 'Approver reassigned',
  cancelled: 'Cancelled',
  withdrawn: 'Withdrawn',
  opened: 'Job opened',
};

export const ApprovalStatusLabels: Record<TApprovalStatus, string> = { pending: 'Waiting', approved: 'Approved', rejected: 'Rejected', withdrawn: 'Withdrawn', cancelled: 'Cancelled' };
export const ApprovalStatusColors: Record<TApprovalStatus, string> = { pending: 'indigo.9', approved: 'teal.9', rejected: 'red.9', withdrawn: 'gray.7', cancelled: 'gray.7' };

/** How each kind is named on the list pages, the dashboard card and in the chain's dialogs. */
export const ApprovalKindTexts: Record<TApprovalKind, { label: string; title: string; noun: string; requestedEmpty: string }> = {
  vacancy: {
    label: 'Vacancy',
    title: 'Vacancy approvals',
    noun: 'requisition',
    requestedEmpty: 'You have not asked for any position yet. Hiring managers ask for one with a requisition (Create requisition).',
  },
  offer: {
    label: 'Offer',
    title: 'Offer approvals',
    noun: 'offer',
    requestedEmpty: 'You have not submitted any offer for approval yet. Offers are made from an application in an offer stage.',
  },
  agency: {
    label: 'Agency',
    title: 'Agency approvals',
    noun: 'agency',
    requestedEmpty: 'You have not asked for any agency yet.',
  },
};
