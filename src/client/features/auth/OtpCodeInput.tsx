import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { Input } from '../../components/ui/Input';

/** The 6-digit one-time-code box of sign-in and registration: digits only, filled by the OS's code autofill. */
export function OtpCodeInput<T extends FieldValues>({
  id,
  label,
  control,
  name,
}: {
  id: string;
  label: string;
  control: Control<T, any, any>;
  name: FieldPath<T>;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Input
      id={id}
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder="6-digit code"
      ref={field.ref}
      name={field.name}
      value={field.value}
      onBlur={field.onBlur}
      onChange={(e) => field.onChange(e.target.value.replace(/\D/g, ''))}
      error={fieldState.error?.message}
      required
    />
  );
}
