import type { FieldErrors } from '@/lib/form';
import { useErrorText } from '@/lib/error-text';

/** The translated refusal of one form field, if any. */
export function FieldError({ errors, name }: { errors: FieldErrors; name: string }) {
  const text = useErrorText();
  const error = errors[name];
  if (!error) return null;
  return (
    <span className="field-error" role="alert" data-testid={`error-${name}`}>
      {text(error.key, error.params)}
    </span>
  );
}

/** A request's refusal (the server's `{ error }` or a transport failure), translated. */
export function Notice({ kind, children, testId }: { kind: 'error' | 'success' | 'warning'; children: React.ReactNode; testId?: string }) {
  return (
    <div className={`notice notice--${kind}`} role={kind === 'error' ? 'alert' : 'status'} data-testid={testId}>
      {children}
    </div>
  );
}
