import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Modal } from '../../src/client/components/ui/Modal';

afterEach(cleanup);

describe('Modal', () => {
  it('has no body band when it has no content between the text and the buttons', () => {
    render(
      <Modal
        open
        onClose={() => undefined}
        title="Never miss an appointment"
        description="Allow notifications."
        footer={<button type="button">Allow</button>}
        testId="m"
      />,
    );
    const dialog = screen.getByTestId('m');
    expect(dialog.children).toHaveLength(2);
    expect(dialog.firstElementChild!.className).not.toContain('border-b');
  });

  it('keeps the body, with its divider, when there is content', () => {
    render(
      <Modal open onClose={() => undefined} title="Cancel booking" footer={<button type="button">Yes</button>} testId="m">
        <p>Are you sure?</p>
      </Modal>,
    );
    const dialog = screen.getByTestId('m');
    expect(dialog.children).toHaveLength(3);
    expect(dialog.children[1].textContent).toBe('Are you sure?');
    expect(dialog.firstElementChild!.className).toContain('border-b');
  });
});
