import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

const inputClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 shadow-sm focus:border-campus-600 focus:outline-none focus:ring-2 focus:ring-campus-100 aria-[invalid=true]:border-red-500';

function FieldShell({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; ref?: React.Ref<HTMLInputElement> };

export function TextField({ label, error, id, ...input }: TextFieldProps) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <FieldShell id={fieldId} label={label} error={error}>
      <input id={fieldId} aria-invalid={!!error} aria-describedby={error ? `${fieldId}-error` : undefined} className={inputClass} {...input} />
    </FieldShell>
  );
}

/** A password input with a show/hide toggle (spec §5). */
export function PasswordField({ label, error, id, ...input }: TextFieldProps) {
  const auto = useId();
  const fieldId = id ?? auto;
  const [shown, setShown] = useState(false);
  return (
    <FieldShell id={fieldId} label={label} error={error}>
      <div className="relative">
        <input
          id={fieldId}
          type={shown ? 'text' : 'password'}
          aria-invalid={!!error}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          className={`${inputClass} pr-16`}
          {...input}
        />
        <button
          type="button"
          aria-label={shown ? 'Hide password' : 'Show password'}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
          className="absolute inset-y-0 right-0 px-3 text-sm text-campus-700 hover:underline"
        >
          {shown ? 'Hide' : 'Show'}
        </button>
      </div>
    </FieldShell>
  );
}

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  options: readonly (string | number)[];
  ref?: React.Ref<HTMLSelectElement>;
};

export function SelectField({ label, error, id, options, ...select }: SelectFieldProps) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <FieldShell id={fieldId} label={label} error={error}>
      <select id={fieldId} aria-invalid={!!error} className={inputClass} {...select}>
        {options.map((o) => (
          <option key={o} value={String(o)}>
            {o}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
