import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ACTION_BAR_ATTR, ChatLauncher } from '../../src/client/components/layout/ChatLauncher';

afterEach(cleanup);

/** A fixed bar whose top edge is `top` px down a 844 px tall window (happy-dom does no layout). */
function ActionBar({ top, height }: { top: number; height: number }) {
  return (
    <div
      {...{ [ACTION_BAR_ATTR]: '' }}
      ref={(el) => {
        if (!el) return;
        Object.defineProperty(el, 'offsetHeight', { configurable: true, value: height });
        el.getBoundingClientRect = () => ({
          top,
          bottom: top + height,
          left: 0,
          right: 390,
          width: 390,
          height,
          x: 0,
          y: top,
          toJSON: () => ({}),
        });
      }}
    />
  );
}

const lift = () => {
  const corner = screen.getByTestId('chat-toggle').parentElement!;
  const match = /translateY\(-(\d+)px\)/.exec(corner.style.transform);
  return match ? Number(match[1]) : 0;
};

describe('ChatLauncher', () => {
  it('stays in its corner on pages without an action bar', () => {
    window.innerHeight = 844;
    render(<ChatLauncher />);
    expect(lift()).toBe(0);
  });

  it("rises above a page's sticky action bar instead of covering its button", async () => {
    window.innerHeight = 844;
    await act(async () => {
      render(
        <>
          <ActionBar top={707} height={73} />
          <ChatLauncher />
        </>,
      );
    });
    // happy-dom resolves no Tailwind classes, so the corner's own bottom offset reads as 0 here.
    expect(lift()).toBe(844 - 707 + 8);
  });

  it('ignores an action bar that is hidden at this width', async () => {
    window.innerHeight = 844;
    await act(async () => {
      render(
        <>
          <ActionBar top={707} height={0} />
          <ChatLauncher />
        </>,
      );
    });
    expect(lift()).toBe(0);
  });
});
