import { Input } from '../../components/ui/Input';

/** The 6-digit one-time-code box of sign-in and registration: digits only, filled by the OS's code autofill. */
export function OtpCodeInput({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (code: string) => void }) {
  return (
    <Input
      id={id}
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder="6-digit code"
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
      required
    />
  );
}
