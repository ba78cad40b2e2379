import { ErasureRequests } from '@/features/privacy/erasure/erasure-requests';

/** /company-settings/privacy/erasure-requests: candidates' requests to be erased, with the legal deadline; approve or refuse with a reason. */
export default function ErasureRequestsPage() {
  return <ErasureRequests />;
}
