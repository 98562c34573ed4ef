import type { KeyboardEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { moveMenuFocus } from '../../src/client/lib/menuFocus';

function menu() {
  const root = document.createElement('div');
  root.innerHTML =
    '<button role="menuitem">A</button><span>not an item</span><button role="menuitem">B</button><button role="menuitem">C</button>';
  document.body.replaceChildren(root);
  return { root, items: Array.from(root.querySelectorAll<HTMLElement>('[role="menuitem"]')) };
}
const key = (k: string) => {
  let prevented = false;
  return {
    event: { key: k, preventDefault: () => (prevented = true) } as unknown as KeyboardEvent<HTMLElement>,
    prevented: () => prevented,
  };
};

describe('moveMenuFocus', () => {
  it('moves down and up through the items, wrapping at both ends', () => {
    const { root, items } = menu();
    items[0].focus();
    moveMenuFocus(key('ArrowDown').event, root);
    expect(document.activeElement).toBe(items[1]);
    moveMenuFocus(key('ArrowDown').event, root);
    moveMenuFocus(key('ArrowDown').event, root);
    expect(document.activeElement).toBe(items[0]);
    moveMenuFocus(key('ArrowUp').event, root);
    expect(document.activeElement).toBe(items[2]);
  });

  it('leaves other keys alone', () => {
    const { root, items } = menu();
    items[1].focus();
    const tab = key('Tab');
    moveMenuFocus(tab.event, root);
    expect(tab.prevented()).toBe(false);
    expect(document.activeElement).toBe(items[1]);
    const down = key('ArrowDown');
    moveMenuFocus(down.event, root);
    expect(down.prevented()).toBe(true);
  });
});
