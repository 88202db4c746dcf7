/**
 * A destructive action asks first: the button opens a question naming what the action affects, and only
 * "confirm" runs it. Cancelling leaves everything as it was.
 */
import { type ReactNode, useId, useState } from 'react';

interface ConfirmButtonProps {
  /** The button that opens the question. */
  label: string;
  /** What the action affects, in the organizer's words. */
  question: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
  className?: string;
  /** The opening button's accessible name, when its text alone is too short (a row's "Withdraw"). */
  ariaLabel?: string;
}

export function ConfirmButton({
  label,
  question,
  confirmLabel,
  onConfirm,
  disabled,
  className,
  ariaLabel,
}: ConfirmButtonProps) {
  const [asking, setAsking] = useState(false);
  const id = useId();
  if (!asking)
    return (
      <button
        type="button"
        className={className}
        disabled={disabled}
        aria-label={ariaLabel}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  return (
    <div className="confirm stack" role="alertdialog" aria-labelledby={`${id}-question`}>
      <div id={`${id}-question`}>{question}</div>
      <div className="row wrap">
        <button
          type="button"
          className="danger"
          onClick={() => {
            setAsking(false);
            onConfirm();
          }}
        >
          {confirmLabel}
        </button>
        <button type="button" onClick={() => setAsking(false)}>
          Cancel
        </button>
      </div>
    </div>
  );
}
