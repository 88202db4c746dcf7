/** A desk's on/off setting, written at once when ticked, with what it now means said beside it. */
import { type ReactNode, useState } from 'react';
import { Status, useAction } from './ui';

interface SettingSwitchProps {
  /** The heading's id: tests and assistive technology find the card by it. */
  id: string;
  title: string;
  label: string;
  stored: boolean;
  save: (on: boolean) => Promise<void>;
  /** What the change means, said once it is saved. */
  said: (on: boolean) => string;
  children?: ReactNode;
}

export function SettingSwitch({ id, title, label, stored, save, said, children }: SettingSwitchProps) {
  const [status, run] = useAction();
  // The tick follows the click at once: the stored option reaches the screen only after the cache on disk has it.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const on = wanted ?? stored;
  return (
    <section className="card stack" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <label className="row">
        <input
          type="checkbox"
          checked={on}
          onChange={(e) => {
            const next = e.target.checked;
            setWanted(next);
            void run(async () => {
              await save(next).finally(() => setWanted(null));
              return said(next);
            });
          }}
        />
        {label}
      </label>
      {children}
      <Status status={status} />
    </section>
  );
}
