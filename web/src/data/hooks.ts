/** React glue for the live reads of the data layer: one listener per mounted use, stopped on unmount. */
import { useEffect, useRef, useState } from 'react';
import type { Unsubscribe } from 'firebase/firestore';
import type { OnError } from './watch';

export interface LiveValue<T> {
  data: T | undefined;
  error: string | null;
}

/**
 * Subscribes while mounted and whenever `key` changes; `subscribe` null means "nothing to read yet". The error
 * is the SDK's message (permission-denied, unavailable ...).
 */
export function useLive<T>(
  key: string | null,
  subscribe: ((onData: (value: T) => void, onError: OnError) => Unsubscribe) | null,
): LiveValue<T> {
  const [value, setValue] = useState<LiveValue<T> & { key: string | null }>({ data: undefined, error: null, key });
  // The key names what is read; the function is rebuilt on every render, so the listener opened for a key uses the
  // latest one instead of re-subscribing on every render.
  const latest = useRef(subscribe);
  useEffect(() => {
    latest.current = subscribe;
  });
  useEffect(() => {
    const open = latest.current;
    if (!open || key === null) return undefined;
    setValue({ data: undefined, error: null, key });
    return open(
      (data) => setValue({ data, error: null, key }),
      (error) => setValue((previous) => ({ ...previous, error: error.message, key })),
    );
  }, [key]);
  return value.key === key ? value : { data: undefined, error: null };
}
