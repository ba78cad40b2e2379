import { Alert, Anchor } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { useMyIntegrations } from '../api/get-my-integrations';

export const MyIntegrationsPath = '/user-preferences/myintegrations';

/**
 * On every signed-in page (loaded lazily by the shell): a connection of mine broke and mail went out from the
 * company's address instead. My integrations shows the details, so the banner stays off there.
 */
export default function IntegrationWarningsBanner() {
  const { pathname } = useLocation();
  const mine = useMyIntegrations();
  const warnings = mine.data?.warnings ?? [];
  if (!warnings.length || pathname === MyIntegrationsPath) return null;
  const labels = [...new Set(warnings.map((w) => w.label))].join(', ');
  return (
    <Alert color="yellow" mb="md" role="status" title={`Your ${labels} connection stopped working`}>
      Mail you sent went out from the company&apos;s address instead.{' '}
      <Anchor component={Link} to={MyIntegrationsPath}>
        Reconnect in My integrations
      </Anchor>
    </Alert>
  );
}
