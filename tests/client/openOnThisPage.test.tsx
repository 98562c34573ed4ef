import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useOpenOnThisPage } from '../../src/client/lib/useOpenOnThisPage';

afterEach(cleanup);

function Menu() {
  const [open, setOpen] = useOpenOnThisPage();
  return (
    <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
      Menu
    </button>
  );
}

describe('useOpenOnThisPage', () => {
  it('opens and closes on a click, and closes when the page changes, without opening again on coming back', () => {
    const memory = memoryLocation({ path: '/a', record: true });
    render(
      <Router hook={memory.hook}>
        <Menu />
      </Router>,
    );
    const button = screen.getByRole('button', { name: 'Menu' });
    const expanded = () => button.getAttribute('aria-expanded');
    expect(expanded()).toBe('false');
    fireEvent.click(button);
    expect(expanded()).toBe('true');
    fireEvent.click(button);
    expect(expanded()).toBe('false');

    fireEvent.click(button);
    act(() => memory.navigate('/b'));
    expect(expanded()).toBe('false');
    act(() => memory.navigate('/a'));
    expect(expanded()).toBe('false');
    fireEvent.click(button);
    expect(expanded()).toBe('true');
  });
});
