import type { InputHTMLAttributes, ReactNode } from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  multiline?: boolean;
}

/** A labelled input with its error (announced) and an optional hint below it. */
export function Field({ id, label, error, hint, multiline, ...input }: FieldProps) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: `field mt-1 ${error ? 'border-red-600 dark:border-red-400' : ''}`,
  } as const;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-content">
        {label}
      </label>
      {multiline ? (
        <textarea
          {...common}
          name={input.name}
          value={input.value}
          maxLength={input.maxLength}
          onChange={input.onChange as never}
          rows={3}
          disabled={input.disabled}
        />
      ) : (
        <input {...common} {...input} />
      )}
      {hint && (
        <div id={`${id}-hint`} className="mt-1 text-xs text-content-muted">
          {hint}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
