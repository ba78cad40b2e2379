import { OfferStatusLabels, type TOfferStatus } from './offers';

// The offer letter, sending it, and the candidate's public page (accept with a typed signature, or decline).

export const OfferLetterMessages = {
  notApproved: (status: TOfferStatus) => `Only an approved offer can be sent. This offer is ${OfferStatusLabels[status].toLowerCase()}.`,
  changedMeanwhile: 'The offer changed while you were sending it. Please look at it again and send it then.',
  expiryPassed: "The offer's expiry date has passed. Change the expiry date before sending it.",
  noCandidateEmail: 'The candidate has no email address, so the offer link cannot be sent. Add one to their profile first.',
  noSignedCopy: 'There is no signed copy: the offer has not been accepted.',
  tickToAccept: 'Tick "I accept this offer and sign it electronically" to accept.',
  typeYourName: 'Type your full name to sign the offer.',
  alreadyDecided: 'This offer has already been answered.',
} as const;

/** The public page's form fields (server-rendered form posts). */
export const OfferPublicForm = { typedName: 'typedName', agree: 'agree', reason: 'reason' } as const;

/** The typed signature matches the name on the offer ignoring case and spaces ("ada  LOVELACE" signs for "Ada Lovelace"). */
export const signatureKey = (name: string) => name.normalize('NFC').toLocaleLowerCase('en').replace(/\s+/g, '');
