import { zodResolver } from '@hookform/resolvers/zod';
import {
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormRegisterReturn,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { errorField, failureMessage, readableMessage } from '../trpc';

/** A form's values before (input) and after (output) its zod schema. */
type ObjectSchema = z.ZodType<FieldValues, FieldValues>;
export type ZodForm<S extends ObjectSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

/** The messages of a failed parse in the screen's words: without the 'field: ' the API keeps for its clients. */
function readableErrors<T extends FieldValues>(errors: FieldErrors<T>): FieldErrors<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') out[key] = value;
    else if ('message' in value && typeof value.message === 'string') out[key] = { ...value, message: readableMessage(value.message) };
    else out[key] = readableErrors(value as FieldErrors);
  }
  return out as FieldErrors<T>;
}

/**
 * A react-hook-form form validated by a shared zod schema, the one the server validates the same
 * input with: `handleSubmit` hands its callback the schema's output (trimmed, transformed), and
 * nothing is sent while a field is wrong.
 */
export function useZodForm<S extends ObjectSchema>(
  schema: S,
  options?: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'>,
): ZodForm<S> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<z.input<S>, unknown, z.output<S>>;
  const resolver: Resolver<z.input<S>, unknown, z.output<S>> = async (values, context, resolverOptions) => {
    const result = await resolve(values, context, resolverOptions);
    if (!Object.keys(result.errors).length) return result;
    return { values: {}, errors: readableErrors(result.errors as FieldErrors<z.input<S>>) };
  };
  return useForm<z.input<S>, unknown, z.output<S>>({ ...options, resolver });
}

/**
 * What to do with a failed submission (a mutation's `onError`, or a `catch`): a refusal that names
 * one of the form's fields (a 400 whose data has `field`) goes under that field; any other failure
 * becomes the form's own error, `formState.errors.root.server` (shown by FormError): a refusal (4xx)
 * in the server's words, a network failure or 5xx as `fallback`.
 */
export function serverErrorsTo<T extends FieldValues>(form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>, fallback: string) {
  return (error: unknown): void => {
    const message = failureMessage(error, fallback);
    const field = errorField(error);
    const values = form.getValues() as Record<string, unknown>;
    if (field && Object.hasOwn(values, field)) form.setError(field as Path<T>, { type: 'server', message }, { shouldFocus: true });
    else form.setError('root.server', { type: 'server', message });
  };
}

/** A registered box that keeps digits only (a mobile number): what is typed besides them is dropped as typed. */
export function digitsOnly<R extends UseFormRegisterReturn>(field: R): R {
  return {
    ...field,
    onChange: (event: { target: { value: string } }) => {
      event.target.value = event.target.value.replace(/\D/g, '');
      return field.onChange(event);
    },
  };
}
