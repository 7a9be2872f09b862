/**
 * Building the QR page's DOM by hand (no framework: the page is one card and one form, and React
 * alone would be most of its 70 kB). Text goes in as text nodes, never as HTML.
 *
 *   h('p', { class: 'hint', id: 'phone-hint' }, t('form.phoneHint'))
 *   h('button', { type: 'submit', class: 'button primary', onclick: send }, t('form.submit'))
 */
type Child = Node | string | number | null | undefined | false;
type Attr = string | number | boolean | null | undefined | ((event: Event) => void);

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, Attr> = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === 'function') el.addEventListener(name.replace(/^on/, ''), value);
    else if (name === 'value' && (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)) {
      el.value = String(value);
    } else if (name === 'checked' && el instanceof HTMLInputElement) el.checked = !!value;
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

/** An SVG icon from one path (24×24), hidden from assistive technology. */
export function icon(d: string, size = 24): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', String(size));
  svg.setAttribute('height', String(size));
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('fill', 'currentColor');
  path.setAttribute('d', d);
  svg.append(path);
  return svg;
}
