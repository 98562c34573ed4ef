import { cn } from '../lib/cn';

/** A form's own error (not any one field's): what the server refused, or why the call failed. */
export function FormError({
  message,
  testId = 'form-error',
  className,
}: {
  message: string | null | undefined;
  testId?: string;
  className?: string;
}) {
  if (!message) return null;
  return (
    <div
      role="alert"
      data-testid={testId}
      className={cn('rounded-xl border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm font-medium text-red-700', className)}
    >
      {message}
    </div>
  );
}
