/**
 * A form's own error line: why a submit failed when the failure names no input. An error answer whose
 * `fields` name inputs shows nothing here (lib/form-errors.ts puts those under the inputs); any other failure
 * shows the text of lib/error-text.ts (the server's sentence, 'No response from server. Please try again
 * later.', or the form's `fallback`) in a destructive {@link Alert}. A screen that words the failure itself
 * passes the text as `children`.
 */
import type { ReactNode } from 'react';
import { errorText, namesFields } from '@client/lib/error-text';
import { Alert } from './alert';

export type FormErrorProps = {
  /** What the submit threw (a mutation's `error`); null or undefined while there is none. */
  error?: unknown;
  /** The text for a failure without one of its own (see `errorText`). */
  fallback?: string;
  /** The text to show instead of the error's, e.g. a screen's own wording of it. */
  children?: ReactNode;
  id?: string;
  className?: string;
};

export function FormError({ error, fallback, children, id, className }: FormErrorProps) {
  const text = children ?? (error != null && !namesFields(error) ? errorText(error, fallback) : null);
  if (text == null || text === '') return null;
  return (
    <Alert id={id} className={className}>
      {text}
    </Alert>
  );
}
