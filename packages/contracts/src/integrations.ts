import { z } from 'zod';
import { ZEmail, ZObjectId } from './common';
import { IdentityProviders, type TIdentityProvider } from './auth';
import { Paths } from './routes';

// Google and Microsoft: sign-in and sign-up, mailboxes and calendars (SPEC sections 2 and 7).

export const IntegrationsApi = {
  /** POST {provider, email?} -> {url}: where the browser goes to sign in with the provider. */
  googleLogin: '/api/user/googleLogin',
  /** POST ?code&state -> ZSessionResponse: the sign-in callback page hands the provider's answer over. */
  authComplete: '/api/authComplete',
  /** GET ?code&state[&meetingRoomId] -> ZCallbackResult: a calendar (a user's or a meeting room's) is connected. */
  authCalender: '/api/authCalender',
  /** GET ?code&state[&dbCampaign&email&recruiterId] -> ZCallbackResult: a mailbox (a user's or a shared address) is connected. */
  emailSendAuth: '/api/emailSendAuth',
  /** GET -> ZAuthorisationCheck. x: a user id (calendar). */
  checkUserAuthenticated: '/api/checkUserAuthenticated/:x',
  /** GET -> ZAuthorisationCheck. x: a meeting room id (its resource calendar). */
  checkMRAuthenticated: '/api/checkMRAuthenticated/:x',
  /** GET -> ZAuthorisationCheck. x: a user id (mailbox). */
  checkUserEmailAuthorised: '/api/checkUserEmailAuthorised/:x',
  /** GET -> ZAuthorisationCheck. x: a shared sending address (e.g. careers@acme.test). */
  checkCustomEmailAuthorised: '/api/checkCustomEmailAuthorised/:x',
  /** POST ZConnectRequest -> {url}: starts connecting a mailbox or calendar. */
  connect: '/api/integrations/connect',
  /** GET -> ZMyIntegrations: the caller's connections, which providers are configured, broken-connection warnings. */
  mine: '/api/integrations/mine',
  /** DELETE: disconnects (revokes at the provider where it can, deletes here). Own connections; admins also shared and room ones. */
  connection: '/api/integrations/connections/:id',
  /** POST -> {message}: hides a broken-connection warning of mine (the connection stays as it is). */
  dismissWarning: '/api/integrations/warnings/:id/dismiss',
  /** GET -> ZConnection[]: the company's shared sending addresses (admins). */
  sharedAddresses: '/api/integrations/shared-addresses',
} as const;

export const IntegrationServices = ['mailbox', 'calendar'] as const;
export type TIntegrationService = (typeof IntegrationServices)[number];
/** Whose connection it is: a user's own, a meeting room's resource calendar, or a company's shared sending address. */
export const ConnectionOwners = ['user', 'room', 'shared'] as const;
export type TConnectionOwner = (typeof ConnectionOwners)[number];
export const ConnectionStatuses = ['connected', 'expired', 'error'] as const;
export type TConnectionStatus = (typeof ConnectionStatuses)[number];

export const ProviderLabels: Record<TIdentityProvider, string> = { google: 'Google', microsoft: 'Microsoft' };
export const ServiceLabels: Record<TIntegrationService, Record<TIdentityProvider, string>> = {
  mailbox: { google: 'Gmail', microsoft: 'Outlook mail' },
  calendar: { google: 'Google Calendar', microsoft: 'Outlook calendar' },
};

/**
 * What an OAuth round trip is for; each has its callback page (SPEC section 2). Room calendars come back to
 * /calenderAuth whatever the provider; a user's calendar to /googleCalender or /outlookcalender.
 */
export const OAuthPurposes = ['sign-in', 'sign-up', 'mailbox', 'shared-mailbox', 'calendar', 'room-calendar'] as const;
export type TOAuthPurpose = (typeof OAuthPurposes)[number];
export const CallbackPaths: Record<TOAuthPurpose, Record<TIdentityProvider, string>> = {
  'sign-in': { google: Paths.googleSignin, microsoft: Paths.outlookSigninAuth },
  'sign-up': { google: Paths.googleSignup, microsoft: Paths.outlookSignupAuth },
  mailbox: { google: Paths.gmailAuth, microsoft: Paths.outlookAuth },
  'shared-mailbox': { google: Paths.gmailAuth, microsoft: Paths.outlookAuth },
  calendar: { google: Paths.googleCalender, microsoft: Paths.outlookCalender },
  'room-calendar': { google: Paths.calenderAuth, microsoft: Paths.calenderAuth },
};

const ZProvider = z.enum(IdentityProviders, { error: 'must be google or microsoft' });
/** Where to come back to after connecting: a path inside the product (never another site). */
const ZReturnTo = z.string().trim().max(500).regex(/^\/(?!\/)[^\s\\]*$/, { error: 'must be a path inside the product' });

export const ZGoogleLoginRequest = z.object({
  provider: ZProvider.default('google'),
  /** The address typed on /login: the provider is asked to sign in that account (login_hint). */
  email: ZEmail.optional(),
});
export const ZAuthorizationUrl = z.object({ url: z.string() });
export type TAuthorizationUrl = z.infer<typeof ZAuthorizationUrl>;

/** The provider's answer as the callback page received it. */
const ZCode = z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(4000);
const ZState = z.string({ error: 'is required' }).trim().min(16, { error: 'is invalid' }).max(200);
export const ZCallbackQuery = z.object({ code: ZCode, state: ZState });
export const ZAuthCalenderQuery = ZCallbackQuery.extend({ meetingRoomId: ZObjectId.optional() });
export const ZEmailSendAuthQuery = ZCallbackQuery.extend({
  dbCampaign: z.enum(['true', 'false']).optional(),
  email: ZEmail.optional(),
  recruiterId: ZObjectId.optional(),
});

export const ZConnectRequest = z.discriminatedUnion('service', [
  z.object({ service: z.literal('mailbox'), provider: ZProvider, returnTo: ZReturnTo.optional() }),
  z.object({ service: z.literal('calendar'), provider: ZProvider, returnTo: ZReturnTo.optional() }),
  /** A company's shared sending address (admins): the account signing in must be that address. */
  z.object({ service: z.literal('shared-mailbox'), provider: ZProvider, email: ZEmail, returnTo: ZReturnTo.optional() }),
  /** A meeting room's resource calendar (admins): sign in as the room's account. */
  z.object({ service: z.literal('room-calendar'), provider: ZProvider, meetingRoomId: ZObjectId, returnTo: ZReturnTo.optional() }),
], { error: 'service must be mailbox, calendar, shared-mailbox or room-calendar' });
export type TConnectRequest = z.infer<typeof ZConnectRequest>;

export const ZConnection = z.object({
  id: z.string(),
  service: z.enum(IntegrationServices),
  owner: z.enum(ConnectionOwners),
  provider: ZProvider,
  /** "Gmail", "Outlook calendar", ... */
  label: z.string(),
  /** The provider account's address. */
  account: z.string(),
  status: z.enum(ConnectionStatuses),
  connectedAt: z.string(),
  /** Why it stopped working (revoked, refresh refused, ...), in words for the user. */
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  userId: z.string().nullable(),
  meetingRoomId: z.string().nullable(),
  sharedEmail: z.string().nullable(),
});
export type TConnection = z.infer<typeof ZConnection>;

/** A callback's answer: the new connection and where the page goes next. */
export const ZCallbackResult = z.object({ connection: ZConnection, returnTo: z.string() });
export type TCallbackResult = z.infer<typeof ZCallbackResult>;

export const ZAuthorisationCheck = z.object({
  authenticated: z.boolean(),
  provider: ZProvider.nullable(),
  account: z.string().nullable(),
  status: z.enum(ConnectionStatuses).nullable(),
});
export type TAuthorisationCheck = z.infer<typeof ZAuthorisationCheck>;

export const ZMyIntegrations = z.object({
  /** Which providers the administrator configured (client id and secret set). */
  providers: z.object({ google: z.boolean(), microsoft: z.boolean() }),
  connections: z.array(ZConnection),
  /** Connections of mine that broke: mail went out through the company's mail server instead. */
  warnings: z.array(z.object({ connectionId: z.string(), label: z.string(), message: z.string(), at: z.string() })),
});
export type TMyIntegrations = z.infer<typeof ZMyIntegrations>;

/** DELETE connection's answer: `revoked` false when the provider has no way to revoke (Microsoft); it is deleted here all the same. */
export const ZDisconnectResult = z.object({ message: z.string(), revoked: z.boolean() });
export type TDisconnectResult = z.infer<typeof ZDisconnectResult>;

export const IntegrationMessages = {
  stateInvalid: 'This link has expired or was already used. Please start again.',
  notConfigured: (provider: string) => `${provider} is not set up for this installation. An administrator sets its client id and secret to enable it.`,
  providerRefused: (provider: string) => `${provider} did not confirm your account. Please try again.`,
  emailUnverified: (provider: string) => `${provider} has not verified this email address, so it cannot be used to sign in.`,
  wrongSharedAccount: (email: string) => `Sign in as ${email} to authorise that address.`,
  disconnected: 'Disconnected.',
  warningDismissed: 'Warning dismissed.',
  sharedAddressNotConnected: (email: string) => `${email} is not an authorised sending address of your company. An administrator connects it in My integrations first.`,
  sharedFallbackWarning: (address: string) => `The sending address ${address} stopped working, so campaign mail from it went out from the company's mail server instead. Reconnect it in My integrations.`,
  fallbackWarning: (label: string) => `Your ${label} connection stopped working, so mail you sent went out from the company's address instead. Reconnect it in My integrations.`,
} as const;
