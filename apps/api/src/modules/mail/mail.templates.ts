import { ProductName } from '@hireflow/contracts/constants';
import { OtpRules, ResetRules } from '@hireflow/contracts/auth';
import type { Mail } from '../../lib/mailer';

type Rendered = Omit<Mail, 'to'>;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** One plain layout: a greeting, paragraphs, an optional button, a sign-off. Text and HTML say the same. */
function render(kind: string, subject: string, name: string, paragraphs: string[], action?: { label: string; url: string }): Rendered {
  const greeting = `Hello ${name},`;
  const signOff = `The ${ProductName} team`;
  const text = [greeting, '', ...paragraphs.flatMap((p) => [p, '']), ...(action ? [`${action.label}: ${action.url}`, ''] : []), signOff].join('\n');
  const html = [
    `<div style="font-family: Roboto, Arial, Helvetica, sans-serif; max-width: 560px">`,
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    action
      ? `<p><a href="${escapeHtml(action.url)}" style="background:#5fb37f;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">${escapeHtml(action.label)}</a></p>` +
        `<p style="font-size:12px;color:#555">Or open this link: ${escapeHtml(action.url)}</p>`
      : '',
    `<p>${escapeHtml(signOff)}</p>`,
    `</div>`,
  ].join('\n');
  return { kind, subject, text, html };
}

export function verificationMail({ name, link }: { name: string; link: string }): Rendered {
  return render('verify-email', `Verify your email for ${ProductName}`, name, [
    `Please confirm that this is your email address to finish setting up your ${ProductName} account.`,
  ], { label: 'Verify my email', url: link });
}

export function otpMail({ name, code }: { name: string; code: string }): Rendered {
  // Subjects are logged and shown in notification previews: never put the code there.
  return render('otp', `Your ${ProductName} sign-in code`, name, [
    `Your one-time sign-in code is ${code}.`,
    `It is valid for ${OtpRules.ttlMinutes} minutes and can be used once. If you did not ask for it, you can ignore this mail.`,
  ]);
}

export function resetPasswordMail({ name, link }: { name: string; link: string }): Rendered {
  return render('reset-password', `Reset your ${ProductName} password`, name, [
    `We received a request to reset the password of your ${ProductName} account.`,
    `The link is valid for ${ResetRules.ttlMinutes} minutes and can be used once. If you did not ask for it, you can ignore this mail: your password stays as it is.`,
  ], { label: 'Choose a new password', url: link });
}

export function welcomeMail({ name, companyName, link }: { name: string; companyName: string; link: string }): Rendered {
  return render('welcome', `Welcome to ${ProductName}`, name, [
    `Your ${ProductName} account for ${companyName} is ready.`,
    'Please verify your email address to start hiring with your team.',
  ], { label: 'Verify my email', url: link });
}

export function setPasswordInviteMail({ name, companyName, link }: { name: string; companyName: string; link: string }): Rendered {
  return render('invite', `You are invited to ${companyName} on ${ProductName}`, name, [
    `${companyName} has added you to ${ProductName}, where the team hires together.`,
    `Choose a password to sign in. The link is valid for ${ResetRules.inviteTtlDays} days; after that, use "Forgot password" on the sign-in page.`,
  ], { label: 'Choose my password', url: link });
}

/** To an agency user: the company approved the agency (or a colleague added them); the link opens their sign-in page to choose a password. */
export function agencyInviteMail({ name, agencyName, companyName, link, ttlDays }: { name: string; agencyName: string; companyName: string; link: string; ttlDays: number }): Rendered {
  return render('agency-invite', `${companyName} invites ${agencyName} to submit candidates`, name, [
    `${companyName} works with ${agencyName} on ${ProductName}: you can see the jobs assigned to your agency, submit candidates and follow them.`,
    `Choose a password to sign in. The link is valid for ${ttlDays} days; after that, use "Forgot password" on your agency's sign-in page, which is also where you sign in from now on.`,
  ], { label: 'Choose my password', url: link });
}

export function companyAuthorisedMail({ name, companyName, link }: { name: string; companyName: string; link: string }): Rendered {
  return render('company-authorised', `${companyName} is ready on ${ProductName}`, name, [
    `Good news: ${companyName} has been approved on ${ProductName}.`,
    'You and your team can now sign in and start hiring.',
  ], { label: 'Sign in', url: link });
}

/** To an address at a domain a company claimed: opening the link proves the company may use the domain. */
export function domainProofMail({ companyName, adminName, domain, link, ttlDays }: { companyName: string; adminName: string; domain: string; link: string; ttlDays: number }): Rendered {
  return render('domain-proof', `Confirm ${domain} for ${companyName} on ${ProductName}`, 'there', [
    `${adminName} of ${companyName} asks to use ${domain} on ${ProductName}: people with an address at ${domain} could then sign themselves up as employees of ${companyName}.`,
    `If ${companyName} is your organisation and this is right, open the link below. It is valid for ${ttlDays} days and can be used once. If not, ignore this mail and nothing changes.`,
  ], { label: `Confirm ${domain}`, url: link });
}
