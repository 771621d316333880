import { colorModeHeadScript } from '../theme/color-mode.ts';

/**
 * Every inline <script> the site renders, as text. The Content Security Policy allows
 * scripts by hash, not with 'unsafe-inline', and a cached page cannot carry a per-request
 * nonce, so an inline script must be written here (and rendered with `set:html`) for its
 * hash to be in every page's policy. A test fails on an inline script written elsewhere.
 */

/** Before first paint: a session cookie shows the account menu instead of "Sign in". */
export const HEADER_ACCOUNT_PRE_PAINT = `if (/(?:^|;\\s*)sb-[^=;]+-auth-token(?:\\.0)?=/.test(document.cookie)) {
  var account = document.currentScript && document.currentScript.previousElementSibling;
  if (account) {
    account.querySelector('[data-auth-signin]').hidden = true;
    account.querySelector('[data-auth-menu]').hidden = false;
  }
}`;

/**
 * An expired or used email link arrives with error=access_denied in the URL hash, which
 * never reaches the server: send the visitor to the password page with the message.
 */
export const EXPIRED_LINK_REDIRECT = `(function () {
  var hash = new URLSearchParams(window.location.hash.slice(1));
  if (hash.get('error') === 'access_denied') {
    var message = hash.get('error_description') || 'Email link is invalid or has expired';
    window.location.replace('/account/update-password?error=expired&message=' + encodeURIComponent(message));
  }
})();`;

/** The text of every inline script a page may contain. */
export function inlineScripts(): string[] {
  return [
    colorModeHeadScript(undefined),
    colorModeHeadScript('light'),
    colorModeHeadScript('dark'),
    HEADER_ACCOUNT_PRE_PAINT,
    EXPIRED_LINK_REDIRECT,
  ];
}
