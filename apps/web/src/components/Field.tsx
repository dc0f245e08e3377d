import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

const inputClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-campus-600 focus:outline-none focus:ring-2 focus:ring-campus-100 disabled:bg-slate-100 aria-[invalid=true]:border-red-600';

/**
 * A visible <label> tied to its control, an optional hint, and the inline error under it: a
 * sentence (a form's check worded by its code, lib/forms.ts and lib/words).
 */
function FieldShell({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** aria attributes that point a control at its hint or error text. */
const described = (id: string, hint?: string, error?: string) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
});

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string; error?: string; ref?: Ref<HTMLInputElement> };

export function TextField({ label, hint, error, id, ...input }: TextFieldProps) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <FieldShell id={fieldId} label={label} hint={hint} error={error}>
      <input id={fieldId} className={inputClass} {...described(fieldId, hint, error)} {...input} />
    </FieldShell>
  );
}

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; hint?: string; error?: string; ref?: Ref<HTMLTextAreaElement> };

/** Multi-line text (a course description), labelled and reporting errors like TextField. */
export function TextAreaField({ label, hint, error, id, rows = 5, ...textarea }: TextAreaFieldProps) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <FieldShell id={fieldId} label={label} hint={hint} error={error}>
      <textarea id={fieldId} rows={rows} className={inputClass} {...described(fieldId, hint, error)} {...textarea} />
    </FieldShell>
  );
}

/** A password input with a show/hide toggle (docs/product.md#accounts). */
export function PasswordField({ label, hint, error, id, ...input }: TextFieldProps) {
  const auto = useId();
  const fieldId = id ?? auto;
  const [shown, setShown] = useState(false);
  return (
    <FieldShell id={fieldId} label={label} hint={hint} error={error}>
      <div className="relative">
        <input id={fieldId} type={shown ? 'text' : 'password'} className={`${inputClass} pr-16`} {...described(fieldId, hint, error)} {...input} />
        {/* Named by its text, not aria-label: a label lookup for "Old password" must find only the input. */}
        <button
          type="button"
          aria-controls={fieldId}
          onClick={() => setShown((s) => !s)}
          className="absolute inset-y-0 right-0 rounded-r-lg px-3 text-sm font-medium text-campus-700 hover:underline focus-visible:outline-2 focus-visible:outline-campus-600"
        >
          {shown ? 'Hide ' : 'Show '}
          <span className="sr-only">password</span>
        </button>
      </div>
    </FieldShell>
  );
}

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  hint?: string;
  error?: string;
  /** A plain value is its own label; `{ value, label }` when they differ (a filter's "All" is 9). */
  options: readonly (string | number | { value: string | number; label: string })[];
  ref?: Ref<HTMLSelectElement>;
};

export function SelectField({ label, hint, error, id, options, ...select }: SelectFieldProps) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <FieldShell id={fieldId} label={label} hint={hint} error={error}>
      <select id={fieldId} className={inputClass} {...described(fieldId, hint, error)} {...select}>
        {options.map((option) => {
          const { value, label: text } = typeof option === 'object' ? option : { value: option, label: String(option) };
          return (
            <option key={value} value={String(value)}>
              {text}
            </option>
          );
        })}
      </select>
    </FieldShell>
  );
}

type FileFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> & {
  label: string;
  hint?: string;
  error?: string;
  onFile: (file: File | null) => void;
};

/** A real <input type="file"> with a visible label, so browsers, screen readers and Playwright's setInputFiles all work. */
export function FileField({ label, hint, error, id, onFile, ...input }: FileFieldProps) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <FieldShell id={fieldId} label={label} hint={hint} error={error}>
      <input
        id={fieldId}
        type="file"
        className="rounded-lg text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-lg file:border-0 file:bg-campus-50 file:px-3 file:py-2 file:font-medium file:text-campus-700 hover:file:bg-campus-100"
        {...described(fieldId, hint, error)}
        {...input}
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
      />
    </FieldShell>
  );
}
