import { useState } from 'react';
import { EyeIcon, EyeOffIcon } from '../../components/icons';
import { Input, type InputProps } from '../../components/ui/Input';

/** Password box with a show/hide toggle. */
export function PasswordInput(props: Omit<InputProps, 'type' | 'trailing'>) {
  const [shown, setShown] = useState(false);
  return (
    <Input
      {...props}
      type={shown ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setShown((v) => !v)}
          aria-label={shown ? 'Hide password' : 'Show password'}
          aria-pressed={shown}
          className="rounded-full p-2 text-ink-400 hover:bg-blush-100 hover:text-plum-700"
        >
          {shown ? <EyeOffIcon className="size-4.5" /> : <EyeIcon className="size-4.5" />}
        </button>
      }
    />
  );
}
