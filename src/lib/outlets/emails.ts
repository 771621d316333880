import type { TokenPurpose } from './manage.ts';

/**
 * The emails of the author side: an invitation to write for an outlet, a link from an
 * author record to an account, a contact-email check. Each carries one single-use link
 * valid for 7 days, built by the caller on the site's own origin.
 */

export interface AuthorEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

export function authorTokenEmail(
  purpose: TokenPurpose,
  options: { to: string; link: string; outletName: string; siteName: string },
): AuthorEmail {
  const { outletName, siteName } = options;
  const content = {
    invite: {
      subject: `${outletName} invites you to write on ${siteName}`,
      text: `${outletName} has invited you to join them as an author on ${siteName}. Accept the invitation (the link works once, for 7 days):`,
      label: 'Accept the invitation',
    },
    link: {
      subject: `Link your ${siteName} account to your author page`,
      text: `${outletName} asks you to link your author page to your ${siteName} account, so you can write and manage your reviews. Open this link while signed in (it works once, for 7 days):`,
      label: 'Link my account',
    },
    verify: {
      subject: `Confirm your author contact email on ${siteName}`,
      text: `Confirm that this is the address where outlets can reach you (the link works once, for 7 days):`,
      label: 'Confirm my email',
    },
  }[purpose];
  return {
    to: options.to,
    subject: content.subject,
    text: `${content.text}\n${options.link}\n\nIf you did not expect this email, ignore it.\n`,
    html: `<p>${escapeHtml(content.text)}</p>\n<p><a href="${escapeHtml(options.link)}">${escapeHtml(content.label)}</a></p>\n<p>If you did not expect this email, ignore it.</p>`,
  };
}
