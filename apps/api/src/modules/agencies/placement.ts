import { Application } from '../candidates/applications/application.model';
import { onOfferAccepted } from '../offers/offer-accepted-hooks';
import { Agency } from './agency.model';
import { AgencySubmission } from './agency-submission.model';

/**
 * The agency's fee on a base salary, in the same minor units: baseMinor x basis points / 10000, rounded half
 * up, computed on integers (BigInt) so no amount is ever off by a cent.
 */
export function placementFeeMinor(baseMinor: number, feeBasisPoints: number) {
  return Number((BigInt(Math.trunc(baseMinor)) * BigInt(feeBasisPoints) + 5000n) / 10000n);
}

// When an agency's candidate accepts an offer, the placement (the offer's base and the agency's fee at that
// moment) is recorded on the submission, inside the acceptance's transaction.
onOfferAccepted(async ({ offer, at, session }) => {
  const application = await Application.findOne({ customerId: offer.customerId, _id: offer.applicationId }, { agencyId: 1 }).session(session).lean();
  if (!application?.agencyId) return;
  const agency = await Agency.findOne({ customerId: offer.customerId, _id: application.agencyId }, { feeBasisPoints: 1 }).session(session).lean();
  if (!agency) return;
  const baseMinor = offer.compensation.baseMinor;
  await AgencySubmission.updateOne(
    { customerId: offer.customerId, applicationId: application._id, agencyId: agency._id },
    {
      $set: {
        placement: {
          offerId: offer._id,
          currency: offer.compensation.currency,
          baseMinor,
          feeBasisPoints: agency.feeBasisPoints,
          feeMinor: placementFeeMinor(baseMinor, agency.feeBasisPoints),
          at,
        },
      },
    },
    { session },
  );
});
