import { type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react';
import { cn } from '../../lib/cn';
import { controlClasses, describedBy, FieldShell } from './Field';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> {
  label: ReactNode;
  options?: SelectOption[];
  placeholder?: string;
  error?: string;
  hint?: ReactNode;
  hideLabel?: boolean;
  containerClassName?: string;
  ref?: Ref<HTMLSelectElement>;
}

export function Select({
  label,
  options,
  placeholder,
  error,
  hint,
  hideLabel,
  id,
  className,
  containerClassName,
  required,
  children,
  ...rest
}: SelectProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  // A new element when the choices change: a form library that wrote its value into the element before
  // the choices arrived (react-hook-form's register) writes it again into the new one, instead of the
  // browser showing the first choice while the form holds another.
  const choices = options?.map((o) => o.value).join('\u0000');
  return (
    <FieldShell
      id={selectId}
      label={label}
      error={error}
      hint={hint}
      required={required}
      hideLabel={hideLabel}
      className={containerClassName}
    >
      <div className="relative">
        <select
          key={choices}
          id={selectId}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(selectId, error, hint)}
          className={controlClasses(Boolean(error), cn('h-11 appearance-none pr-10', className))}
          {...rest}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options?.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
          {children}
        </select>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="pointer-events-none absolute top-1/2 right-3.5 size-4 -translate-y-1/2 text-ink-400"
        >
          <path
            fill="currentColor"
            d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z"
          />
        </svg>
      </div>
    </FieldShell>
  );
}
