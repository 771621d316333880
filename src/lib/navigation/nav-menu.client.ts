/**
 * The header's menu button on narrow screens (a WAI-ARIA disclosure): it shows and hides
 * the main navigation list it controls. The button's aria-expanded is the only state; the
 * stylesheet shows the list from it (and always shows it on wide screens). The menu closes
 * on Escape (focus back on the button), on a click outside it, and when focus leaves it.
 */

export function mountNavMenu(button: HTMLButtonElement): void {
  const nav = button.closest('nav');
  const list = document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!nav || !list) return;

  const isOpen = () => button.getAttribute('aria-expanded') === 'true';
  const setOpen = (open: boolean) => button.setAttribute('aria-expanded', String(open));

  button.addEventListener('click', () => setOpen(!isOpen()));

  nav.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !isOpen()) return;
    event.preventDefault();
    setOpen(false);
    button.focus();
  });

  // Focus moving on to the rest of the page (Tab past the last item) closes the menu.
  nav.addEventListener('focusout', (event) => {
    const next = event.relatedTarget;
    if (isOpen() && next instanceof Node && !nav.contains(next)) setOpen(false);
  });

  document.addEventListener('pointerdown', (event) => {
    if (isOpen() && event.target instanceof Node && !nav.contains(event.target)) setOpen(false);
  });
}
