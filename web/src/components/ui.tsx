/** Small building blocks every screen uses: labelled fields, a live status line, an action runner. */
import { type ReactNode, useCallback, useId, useRef, useState } from 'react';

export type ActionState =
  | { state: 'idle' }
  | { state: 'pending' }
  | { state: 'ok'; text: string }
  | { state: 'error'; text: string; code?: string };

/** Runs an async action, keeping its outcome for a <Status>: the server's message on refusal, as it came. */
/**
 * One action's status and its runner; `forget` clears the last outcome, for a form whose input changed: a refusal
 * must not stay under the next, different entry.
 */
export function useAction(): [ActionState, (run: () => Promise<string | void>) => Promise<boolean>, () => void] {
  const [status, setStatus] = useState<ActionState>({ state: 'idle' });
  // One call at a time: a second click while the first runs is the same intended action, not a new one.
  const running = useRef(false);
  const run = useCallback(async (action: () => Promise<string | void>) => {
    if (running.current) return false;
    running.current = true;
    setStatus({ state: 'pending' });
    try {
      const text = await action();
      setStatus({ state: 'ok', text: text ?? 'done' });
      return true;
    } catch (error) {
      const { code, message } = error as { code?: string; message?: string };
      setStatus({ state: 'error', text: message ?? String(error), ...(code ? { code } : {}) });
      return false;
    } finally {
      running.current = false;
    }
  }, []);
  const forget = useCallback(() => setStatus((last) => (last.state === 'pending' ? last : { state: 'idle' })), []);
  return [status, run, forget];
}

/** The outcome of the last action, announced to screen readers; `data-state` lets tests wait for it. */
export function Status({ status, id }: { status: ActionState; id?: string }) {
  const text =
    status.state === 'ok' || status.state === 'error' ? status.text : status.state === 'pending' ? 'working…' : '';
  return (
    <p
      className="status"
      id={id}
      role={status.state === 'error' ? 'alert' : 'status'}
      data-state={status.state}
      data-code={status.state === 'error' ? (status.code ?? '') : ''}
    >
      {status.state === 'error' ? `Refused: ${text}` : text}
    </p>
  );
}

interface FieldProps {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: (props: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }) => ReactNode;
  className?: string;
}

/** A label, its control and the field's own error message, wired together for assistive technology. */
export function Field({ label, error, hint, children, className }: FieldProps) {
  const id = useId();
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        ...(described ? { 'aria-describedby': described } : {}),
        ...(error ? { 'aria-invalid': true } : {}),
      })}
      {hint ? (
        <span className="hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span className="field-error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** The account's email, as the browser's password manager recognises it (sign-in, and finishing an email link). */
export function EmailField({ value, onChange }: { value: string; onChange: (email: string) => void }) {
  return (
    <Field label="Email">
      {(p) => (
        <input
          {...p}
          type="email"
          autoComplete="username"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          required
        />
      )}
    </Field>
  );
}

export function Loading({ what }: { what: string }) {
  return <p className="muted">Loading {what}…</p>;
}

export function ErrorNote({ error }: { error: string | null | undefined }) {
  return error ? (
    <p className="error-note" role="alert">
      {error}
    </p>
  ) : null;
}
