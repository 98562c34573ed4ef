import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { Select, type SelectOption } from '../../src/client/components/ui/Select';

afterEach(cleanup);

function Form({ options }: { options: SelectOption[] }) {
  const { register } = useForm({ defaultValues: { city: 'pune' } });
  return <Select label="City" options={options} {...register('city')} />;
}

describe('a registered Select whose options arrive after it', () => {
  it('shows the form value once the options are there, not the first option', () => {
    const view = render(<Form options={[]} />);
    view.rerender(
      <Form
        options={[
          { value: 'mumbai', label: 'Mumbai' },
          { value: 'pune', label: 'Pune' },
        ]}
      />,
    );
    expect((screen.getByLabelText('City') as HTMLSelectElement).value).toBe('pune');
  });

  it("keeps the customer's choice when the same options come again", () => {
    const options = [
      { value: 'mumbai', label: 'Mumbai' },
      { value: 'pune', label: 'Pune' },
    ];
    const view = render(<Form options={options} />);
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'mumbai' } });
    view.rerender(<Form options={options.map((o) => ({ ...o }))} />);
    expect((screen.getByLabelText('City') as HTMLSelectElement).value).toBe('mumbai');
  });
});
