import { type ReactNode, type Ref, type TextareaHTMLAttributes, useId } from 'react';
import { cn } from '../../lib/cn';
import { controlClasses, describedBy, FieldShell } from './Field';

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  hideLabel?: boolean;
  containerClassName?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ label, error, hint, hideLabel, id, className, containerClassName, required, rows = 4, ...rest }: TextareaProps) {
  const autoId = useId();
  const textareaId = id ?? autoId;
  return (
    <FieldShell
      id={textareaId}
      label={label}
      error={error}
      hint={hint}
      required={required}
      hideLabel={hideLabel}
      className={containerClassName}
    >
      <textarea
        id={textareaId}
        rows={rows}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(textareaId, error, hint)}
        className={controlClasses(Boolean(error), cn('resize-y py-2.5', className))}
        {...rest}
      />
    </FieldShell>
  );
}
