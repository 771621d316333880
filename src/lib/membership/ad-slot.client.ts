import { hasAuthCookie } from '../auth/cookies.ts';
import { canUseFeature } from '../auth/tiers.ts';

/**
 * The Free tier's ad slot, decided in the browser: the page around it is cached and the
 * same for everyone, so the server never knows who is looking. Visitors (no session cookie)
 * see it at once; a signed-in user's tier comes from /api/auth/me, and the slot stays
 * hidden until it is known, so an Ad-Free or Premium member never sees an ad flash by.
 */
export async function initAdSlot(slot: HTMLElement, fetchTier: () => Promise<string> = meTier): Promise<void> {
  const tier = hasAuthCookie(document.cookie) ? await fetchTier().catch(() => 'free') : 'free';
  if (canUseFeature(tier, 'adFree')) return;
  const provider = slot.querySelector<HTMLTemplateElement>('template[data-ad-provider]');
  if (provider) fillFromProvider(slot, provider);
  slot.hidden = false;
}

async function meTier(): Promise<string> {
  const response = await fetch('/api/auth/me', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  const body = (await response.json()) as { tier?: unknown };
  return typeof body.tier === 'string' ? body.tier : 'free';
}

/** A provider's snippet: its scripts are recreated so they run, asynchronously, after the page. */
function fillFromProvider(slot: HTMLElement, template: HTMLTemplateElement): void {
  const target = slot.querySelector<HTMLElement>('[data-ad-content]');
  if (!target) return;
  const content = template.content.cloneNode(true) as DocumentFragment;
  for (const old of content.querySelectorAll('script')) {
    const script = document.createElement('script');
    for (const { name, value } of old.attributes) script.setAttribute(name, value);
    script.async = true;
    script.text = old.text;
    old.replaceWith(script);
  }
  target.replaceChildren(content);
}
