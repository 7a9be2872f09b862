/** Where the focus goes after a navigation: the page's h1, unless the page already put it inside itself. */
import { describe, expect, it, vi } from 'vitest';
import { focusHeading } from './route-focus.ts';

function world(opts: { h1: boolean; active: 'body' | 'inside' | 'outside' | 'main' }) {
  const h1 = { focus: vi.fn() };
  const inside = { id: 'field' };
  const body = { id: 'body' };
  const container = {
    querySelector: (sel: string) => (sel === 'h1' && opts.h1 ? h1 : null),
    contains: (el: unknown) => el === inside || el === h1 || el === container,
  };
  const active = { body, inside, outside: { id: 'menu-link' }, main: container }[opts.active];
  const doc = { activeElement: active, body } as unknown as Document;
  return { h1, container: container as unknown as HTMLElement, doc };
}

describe('focusHeading', () => {
  it('focuses the h1 when the focus is on the body, the menu or the main box itself', () => {
    for (const active of ['body', 'outside', 'main'] as const) {
      const w = world({ h1: true, active });
      expect(focusHeading(w.container, w.doc)).toBe(true);
      expect(w.h1.focus).toHaveBeenCalledTimes(1);
    }
  });
  it('leaves the focus where the page put it (a form’s first field)', () => {
    const w = world({ h1: true, active: 'inside' });
    expect(focusHeading(w.container, w.doc)).toBe(true);
    expect(w.h1.focus).not.toHaveBeenCalled();
  });
  it('is not done while the page has no heading yet (still loading)', () => {
    const w = world({ h1: false, active: 'body' });
    expect(focusHeading(w.container, w.doc)).toBe(false);
  });
});
