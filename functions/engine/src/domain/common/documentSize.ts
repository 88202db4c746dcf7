import { DomainError } from './errors.js';
import { SIZES } from './limits.js';

/**
 * How many bytes a write takes in a Firestore commit request, counted the way the request is encoded (protocol
 * buffers: google.firestore.v1.Write, Document, Value). Pure, so a callable can refuse a transaction that would
 * not fit before it writes anything, with a message that says why, instead of a commit the server refuses.
 */

const utf8 = new TextEncoder();
const bytesOf = (text: string): number => utf8.encode(text).length;

/** A varint's length: 7 bits a byte. */
function varintBytes(value: number): number {
  let bytes = 1;
  for (let rest = value; rest >= 0x80; rest = Math.floor(rest / 0x80)) bytes++;
  return bytes;
}

/** A length-delimited field: its tag, the length as a varint, the content. */
const delimited = (tagBytes: number, contentBytes: number) => tagBytes + varintBytes(contentBytes) + contentBytes;

/** A Value message: null, boolean, integer (int64), double, string, array or map, as firebase-admin encodes them. */
function valueBytes(value: unknown): number {
  if (value === null || typeof value === 'boolean') return 2;
  if (typeof value === 'number') return Number.isSafeInteger(value) ? 1 + (value < 0 ? 10 : varintBytes(value)) : 9;
  if (typeof value === 'string') return delimited(2, bytesOf(value));
  if (Array.isArray(value)) {
    return delimited(
      1,
      value.reduce<number>((sum, item) => sum + delimited(1, valueBytes(item)), 0),
    );
  }
  if (typeof value === 'object') return delimited(1, fieldsBytes(value as Record<string, unknown>));
  // Anything else (a Timestamp, a reference) is not written by this backend; count it as a short string.
  return delimited(2, 16);
}

/** A map's entries; undefined fields are left out (the app's Firestore ignores undefined properties). */
function fieldsBytes(fields: Record<string, unknown>): number {
  let total = 0;
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    total += delimited(1, delimited(1, bytesOf(key)) + delimited(1, valueBytes(value)));
  }
  return total;
}

/**
 * A document's full name is "projects/{project}/databases/{database}/documents/{path}": project ids run to 30
 * characters and database ids to 63, so 128 bytes cover the prefix.
 */
const NAME_PREFIX_BYTES = 128;

/** One write of `data` (or a delete, when data is null) to the document at `path`, as a commit carries it. */
export function writeBytes(path: string, data: Record<string, unknown> | null): number {
  const name = delimited(1, NAME_PREFIX_BYTES + bytesOf(path));
  // A create carries a precondition (exists: false); a delete is just the name.
  const write = data === null ? name : delimited(1, name + fieldsBytes(data)) + 4;
  return delimited(1, write);
}

const mib = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;

/**
 * Refuses, naming what was asked and what to do instead, writes that one transaction cannot carry (see
 * SIZES.transactionBytes for the bound and where it comes from).
 */
export function requireFitsOneTransaction(bytes: number, what: string, instead: string): void {
  if (bytes <= SIZES.transactionBytes) return;
  throw new DomainError(
    'invalid-argument',
    `${what} would write about ${mib(bytes)} at once; ` +
      `one transaction carries at most ${mib(SIZES.transactionBytes)}: ${instead}`,
  );
}
