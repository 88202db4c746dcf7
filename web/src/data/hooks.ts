/** React glue for the live reads of the data layer: one listener per mounted use, stopped on unmount. */
import { useEffect, useState } from 'react';
import type { Unsubscribe } from 'firebase/firestore';
import type { OnError } from './access';

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
  useEffect(() => {
    if (!subscribe || key === null) return undefined;
    setValue({ data: undefined, error: null, key });
    return subscribe(
      (data) => setValue({ data, error: null, key }),
      (error) => setValue((previous) => ({ ...previous, error: error.message, key })),
    );
    // The key names what is read (the function is rebuilt on every render, so it is not a dependency).
  }, [key]);
  return value.key === key ? value : { data: undefined, error: null };
}
