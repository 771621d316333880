/**
 * What tests/e2e/layout.spec.ts measures in a page, run inside the page (page.evaluate): the
 * function is sent as source, so it uses nothing but the DOM.
 *
 * - The page is no wider than the viewport (`document.scrollingElement.scrollWidth`).
 * - No chosen element is cut off at the sides: every visible header control and text block
 *   lies inside the viewport's width, even inside a container that scrolls sideways (a table
 *   whose last column only a sideways swipe reveals is cut off to the reader).
 * - No two visible header controls overlap, and no two text blocks of the content do
 *   (bounding boxes; an element and what it contains are not compared).
 * - From `oneRowFrom` px up, the header's controls sit in one row.
 *
 * Elements of a fixed layer (toasts, the loading bar) float over the page by design and are
 * left out.
 */

export interface LayoutCheck {
  /** The viewport width from which the header's controls must share one row. */
  oneRowFrom: number;
}

export function layoutProblems({ oneRowFrom }: LayoutCheck): string[] {
  const problems: string[] = [];
  const width = window.innerWidth;
  const label = (element: Element) => {
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    const name = element.getAttribute('aria-label') ?? element.getAttribute('alt') ?? text;
    const classes = typeof element.className === 'string' ? element.className.split(/\s+/).slice(0, 3).join('.') : '';
    return `<${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> "${name}"`;
  };
  const floating = (element: Element) => {
    for (let node: Element | null = element; node; node = node.parentElement)
      if (getComputedStyle(node).position === 'fixed') return true;
    return false;
  };
  const shown = (element: Element) => {
    const box = element.getBoundingClientRect();
    // Screen-reader-only text is a 1 px box: nothing anyone sees.
    if (box.width < 2 || box.height < 2) return false;
    return element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && !floating(element);
  };
  const pick = (selector: string) => [...document.querySelectorAll(selector)].filter(shown);

  const { scrollWidth } = document.scrollingElement!;
  if (scrollWidth > width) problems.push(`the page is ${scrollWidth} px wide in a ${width} px viewport`);

  const controls = pick('[data-site-header] :is(a[href], button, input)');
  const blocks = pick(
    'main :is(h1, h2, h3, h4, p, li, dt, dd, th, td, label, button, input, select, textarea, img, a.btn, [role="progressbar"])',
  );
  for (const element of [...controls, ...blocks]) {
    const box = element.getBoundingClientRect();
    if (box.left < -0.5 || box.right > width + 0.5)
      problems.push(`${label(element)} is cut off: ${Math.round(box.left)}..${Math.round(box.right)} px of ${width}`);
  }

  const overlapping = (group: Element[], what: string) => {
    const boxes = group.map((element) => ({ element, box: element.getBoundingClientRect() }));
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i]!, boxes[j]!];
        if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
        const across = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const down = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (across > 1 && down > 1) problems.push(`${what} overlap: ${label(a.element)} and ${label(b.element)}`);
      }
  };
  overlapping(controls, 'header controls');
  overlapping(blocks, 'text blocks');

  if (width >= oneRowFrom && controls.length > 0) {
    const boxes = controls.map((element) => element.getBoundingClientRect());
    const top = Math.max(...boxes.map((box) => box.top));
    const bottom = Math.min(...boxes.map((box) => box.bottom));
    if (top >= bottom) {
      const rows = [...new Set(boxes.map((box) => Math.round(box.top)))].join(', ');
      problems.push(`the header's controls are not in one row (tops at ${rows} px)`);
    }
  }
  return problems;
}
