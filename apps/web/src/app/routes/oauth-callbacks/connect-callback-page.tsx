import { Alert, Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useMemo, useRef } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { ProviderLabels, ServiceLabels, type TConnection } from '@hireflow/contracts/integrations';
import type { TIdentityProvider } from '@hireflow/contracts/auth';
import { AuthLayout } from '@/components/auth-layout';
import { protectedRouteDecision } from '@/app/guards/route-rules';
import { errorMessage } from '@/lib/api-client';
import { getAgencyLogin, isSafeLocalPath, saveUrl, useSession } from '@/lib/session';
import { useCompleteConnection, type CallbackKind, type CallbackParams } from '@/features/integrations/api/complete-connection';

const MyIntegrations = `${Paths.userPreferences}/myintegrations`;
const MeetingRooms = '/company-settings/manage-locations/meeting-rooms';

type Callback = { kind: CallbackKind; provider: TIdentityProvider | null; title: string; back: { to: string; label: string } };

const backToMine = { to: MyIntegrations, label: 'Back to My integrations' };
const callbacks: Record<string, Callback> = {
  [Paths.gmailAuth.toLowerCase()]: { kind: 'mailbox', provider: 'google', title: `Connecting your ${ServiceLabels.mailbox.google}`, back: backToMine },
  [Paths.outlookAuth.toLowerCase()]: { kind: 'mailbox', provider: 'microsoft', title: `Connecting your ${ServiceLabels.mailbox.microsoft}`, back: backToMine },
  [Paths.googleCalender.toLowerCase()]: { kind: 'calendar', provider: 'google', title: `Connecting your ${ServiceLabels.calendar.google}`, back: backToMine },
  [Paths.outlookCalender.toLowerCase()]: { kind: 'calendar', provider: 'microsoft', title: `Connecting your ${ServiceLabels.calendar.microsoft}`, back: backToMine },
  [Paths.calenderAuth.toLowerCase()]: { kind: 'calendar', provider: null, title: "Connecting the meeting room's calendar", back: { to: MeetingRooms, label: 'Back to meeting rooms' } },
};

// What each call takes besides code and state (SPEC section 7), passed on when the provider's redirect carries them.
const extrasOf: Record<CallbackKind, string[]> = { mailbox: ['dbCampaign', 'email', 'recruiterId'], calendar: ['meetingRoomId'] };

/** The provider's answer in the address: code and state, or an error (the user declined, or the provider refused). */
function readAnswer(kind: CallbackKind, search: string): { params: CallbackParams } | { problem: string } {
  const query = new URLSearchParams(search);
  const error = query.get('error');
  if (error) {
    if (error === 'access_denied') return { problem: 'You did not allow access, so nothing was connected.' };
    return { problem: `The provider did not connect it: ${query.get('error_description') || error}.` };
  }
  const code = query.get('code');
  const state = query.get('state');
  if (!code || !state) return { problem: 'This link is incomplete or was already used. Please start again.' };
  const extra: Record<string, string> = {};
  for (const name of extrasOf[kind]) {
    const value = query.get(name);
    if (value) extra[name] = value;
  }
  return { params: { code, state, extra } };
}

const connectedMessage = (c: TConnection) => `${c.label} connected as ${c.account}.`;

/** /gmailAuth, /outlookauth, /googleCalender, /outlookcalender, /calenderAuth: a mailbox or calendar comes back from the provider. */
export default function ConnectCallbackPage() {
  const { token, user } = useSession();
  const location = useLocation();
  const callback = callbacks[location.pathname.toLowerCase()] ?? callbacks[Paths.gmailAuth.toLowerCase()]!;
  const decision = protectedRouteDecision({ pathname: location.pathname, token, user, agencyLogin: getAgencyLogin() });
  const answer = useMemo(() => readAnswer(callback.kind, location.search), [callback.kind, location.search]);
  const signedIn = decision.kind === 'allow';
  const result = useCompleteConnection(callback.kind, signedIn && 'params' in answer ? answer.params : null);
  const navigate = useNavigate();
  const announced = useRef(false);

  useEffect(() => {
    if (!result.data || announced.current) return;
    announced.current = true;
    notifications.show({ message: connectedMessage(result.data.connection), color: 'pastel-green' });
    navigate(isSafeLocalPath(result.data.returnTo) ? result.data.returnTo : callback.back.to, { replace: true });
  }, [result.data, navigate, callback.back.to]);

  if (decision.kind === 'redirect') {
    if (decision.saveCurrentUrl) saveUrl(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate to={decision.to} replace />;
  }

  const problem = 'problem' in answer ? answer.problem : result.isError ? errorMessage(result.error) : null;
  const provider = callback.provider ? ProviderLabels[callback.provider] : 'the provider';
  const progress = result.data ? 'Connected. Taking you back…' : `Finishing the connection with ${provider}…`;
  return (
    <AuthLayout title={callback.title}>
      {problem ? (
        <Stack gap="sm">
          <Alert color="red" role="alert" title="Nothing was connected">
            {problem}
          </Alert>
          <Anchor component={Link} to={callback.back.to}>
            {callback.back.label}
          </Anchor>
        </Stack>
      ) : (
        <Group gap="sm" wrap="nowrap">
          <Loader size="sm" role="progressbar" aria-label="Connecting" />
          <Text>{progress}</Text>
        </Group>
      )}
    </AuthLayout>
  );
}
