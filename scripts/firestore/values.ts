/**
 * Firestore values as the embedded server stores them, plus the Firestore
 * ordering rules, field-path parsing and conversion to and from the protobuf
 * classes of `@firestore-emulator/proto` (the package behind
 * `@firestore-emulator/server`).
 *
 * Values are immutable: every change builds new maps along the changed path.
 */
import type { Value as PValue } from '@firestore-emulator/proto/dist/google/firestore/v1/document.js';

export type FValue =
  | { readonly kind: 'null' }
  | { readonly kind: 'boolean'; readonly value: boolean }
  | { readonly kind: 'integer'; readonly value: number }
  | { readonly kind: 'double'; readonly value: number }
  | { readonly kind: 'timestamp'; readonly seconds: number; readonly nanos: number }
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'bytes'; readonly value: Uint8Array }
  | { readonly kind: 'reference'; readonly value: string }
  | { readonly kind: 'geopoint'; readonly latitude: number; readonly longitude: number }
  | { readonly kind: 'array'; readonly values: readonly FValue[] }
  | { readonly kind: 'map'; readonly fields: Fields };

export type Fields = ReadonlyMap<string, FValue>;

export interface Ts {
  readonly seconds: number;
  readonly nanos: number;
}

export const NULL: FValue = { kind: 'null' };

/** A gRPC-shaped error: grpc-js turns `{ code, details }` into a call status. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    readonly details: string,
  ) {
    super(details);
  }
}

/** gRPC status codes used by the server. */
export const Code = {
  OK: 0,
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
} as const;

// ---------------------------------------------------------------------------
// protobuf <-> FValue

/** Plain object accepted by `Value.fromObject` of the generated classes. */
export type PValueObject = Record<string, unknown>;

export function fromProtoValue(v: PValue): FValue {
  if (v.has_null_value) return NULL;
  if (v.has_boolean_value) return { kind: 'boolean', value: v.boolean_value };
  if (v.has_integer_value) return { kind: 'integer', value: Number(v.integer_value) };
  if (v.has_double_value) return { kind: 'double', value: v.double_value };
  if (v.has_timestamp_value) {
    return {
      kind: 'timestamp',
      seconds: Number(v.timestamp_value.seconds),
      nanos: v.timestamp_value.nanos,
    };
  }
  if (v.has_string_value) return { kind: 'string', value: v.string_value };
  if (v.has_bytes_value) return { kind: 'bytes', value: Uint8Array.from(v.bytes_value) };
  if (v.has_reference_value) return { kind: 'reference', value: v.reference_value };
  if (v.has_geo_point_value) {
    return {
      kind: 'geopoint',
      latitude: v.geo_point_value.latitude,
      longitude: v.geo_point_value.longitude,
    };
  }
  if (v.has_array_value) {
    return { kind: 'array', values: v.array_value.values.map(fromProtoValue) };
  }
  if (v.has_map_value) return { kind: 'map', fields: fromProtoFields(v.map_value.fields) };
  throw new RpcError(Code.INVALID_ARGUMENT, 'Value has no value type set');
}

export function fromProtoFields(fields: Map<string, PValue> | undefined): Fields {
  const out = new Map<string, FValue>();
  if (!fields) return out;
  for (const [k, v] of fields) out.set(k, fromProtoValue(v));
  return out;
}

/** The protobuf field of each kind whose payload is its `value`. */
const VALUE_FIELD = {
  boolean: 'boolean_value',
  integer: 'integer_value',
  double: 'double_value',
  string: 'string_value',
  bytes: 'bytes_value',
  reference: 'reference_value',
} as const;

export function toValueObject(v: FValue): PValueObject {
  switch (v.kind) {
    case 'null':
      return { null_value: 0 };
    case 'timestamp':
      return { timestamp_value: { seconds: v.seconds, nanos: v.nanos } };
    case 'geopoint':
      return { geo_point_value: { latitude: v.latitude, longitude: v.longitude } };
    case 'array':
      return { array_value: { values: v.values.map(toValueObject) } };
    case 'map':
      return { map_value: { fields: toFieldsObject(v.fields) } };
    default:
      return { [VALUE_FIELD[v.kind]]: v.value };
  }
}

export function toFieldsObject(fields: Fields): Record<string, PValueObject> {
  const out: Record<string, PValueObject> = {};
  for (const [k, v] of fields) {
    Object.defineProperty(out, k, { value: toValueObject(v), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

export function tsObject(t: Ts): { seconds: number; nanos: number } {
  return { seconds: t.seconds, nanos: t.nanos };
}

export function tsCompare(a: Ts, b: Ts): number {
  return a.seconds !== b.seconds ? Math.sign(a.seconds - b.seconds) : Math.sign(a.nanos - b.nanos);
}

// ---------------------------------------------------------------------------
// Field paths

const SIMPLE_SEGMENT = /^[A-Za-z_][A-Za-z_0-9]*$/;

/** Parses a canonical field path (`a.b`, `` `x.y`.z ``) into segments. */
export function parseFieldPath(path: string): string[] {
  if (path === '') throw new RpcError(Code.INVALID_ARGUMENT, 'Empty field path');
  const segments: string[] = [];
  let i = 0;
  while (i <= path.length) {
    let segment = '';
    if (path[i] === '`') {
      i++;
      let closed = false;
      while (i < path.length) {
        const ch = path[i]!;
        if (ch === '\\') {
          segment += path[i + 1] ?? '';
          i += 2;
        } else if (ch === '`') {
          closed = true;
          i++;
          break;
        } else {
          segment += ch;
          i++;
        }
      }
      if (!closed) throw new RpcError(Code.INVALID_ARGUMENT, `Invalid field path: ${path}`);
    } else {
      while (i < path.length && path[i] !== '.') segment += path[i++];
    }
    if (segment === '') throw new RpcError(Code.INVALID_ARGUMENT, `Invalid field path: ${path}`);
    segments.push(segment);
    if (i >= path.length) break;
    if (path[i] !== '.') throw new RpcError(Code.INVALID_ARGUMENT, `Invalid field path: ${path}`);
    i++;
    if (i >= path.length) throw new RpcError(Code.INVALID_ARGUMENT, `Invalid field path: ${path}`);
  }
  return segments;
}

export function formatFieldPath(segments: readonly string[]): string {
  return segments
    .map((s) => (SIMPLE_SEGMENT.test(s) ? s : '`' + s.replace(/\\/g, '\\\\').replace(/`/g, '\\`') + '`'))
    .join('.');
}

export function getIn(fields: Fields, segments: readonly string[]): FValue | undefined {
  let current: Fields = fields;
  for (let i = 0; i < segments.length; i++) {
    const v = current.get(segments[i]!);
    if (v === undefined) return undefined;
    if (i === segments.length - 1) return v;
    if (v.kind !== 'map') return undefined;
    current = v.fields;
  }
  return undefined;
}

/** Returns a copy of `fields` with `value` stored at the path (creating maps on the way). */
export function setIn(fields: Fields, segments: readonly string[], value: FValue): Fields {
  const [head, ...rest] = segments;
  if (head === undefined) return fields;
  const out = new Map(fields);
  if (rest.length === 0) {
    out.set(head, value);
    return out;
  }
  const child = fields.get(head);
  const childFields: Fields = child && child.kind === 'map' ? child.fields : new Map();
  out.set(head, { kind: 'map', fields: setIn(childFields, rest, value) });
  return out;
}

/** Returns a copy of `fields` without the path (unchanged if it does not exist). */
export function deleteIn(fields: Fields, segments: readonly string[]): Fields {
  const [head, ...rest] = segments;
  if (head === undefined || !fields.has(head)) return fields;
  if (rest.length === 0) {
    const out = new Map(fields);
    out.delete(head);
    return out;
  }
  const child = fields.get(head)!;
  if (child.kind !== 'map') return fields;
  const next = deleteIn(child.fields, rest);
  if (next === child.fields) return fields;
  const out = new Map(fields);
  out.set(head, { kind: 'map', fields: next });
  return out;
}

/** Keeps only the given field paths (a read mask / query projection). */
export function projectFields(fields: Fields, paths: readonly (readonly string[])[]): Fields {
  let out: Fields = new Map();
  for (const segments of paths) {
    const v = getIn(fields, segments);
    if (v !== undefined) out = setIn(out, segments, v);
  }
  return out;
}

// ---------------------------------------------------------------------------
// Ordering (https://firebase.google.com/docs/firestore/manage-data/data-types)

export function typeOrder(v: FValue): number {
  switch (v.kind) {
    case 'null':
      return 0;
    case 'boolean':
      return 1;
    case 'integer':
    case 'double':
      return 2;
    case 'timestamp':
      return 3;
    case 'string':
      return 4;
    case 'bytes':
      return 5;
    case 'reference':
      return 6;
    case 'geopoint':
      return 7;
    case 'array':
      return 8;
    case 'map':
      return 9;
  }
}

/** Compares strings by Unicode code point, which is the UTF-8 byte order Firestore uses. */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca === cb) continue;
    const surrogateA = ca >= 0xd800 && ca <= 0xdfff;
    const surrogateB = cb >= 0xd800 && cb <= 0xdfff;
    if (surrogateA === surrogateB) return ca < cb ? -1 : 1;
    // A surrogate (code point >= 0x10000) sorts after any BMP character.
    return surrogateA ? 1 : -1;
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

function compareNumbers(a: number, b: number): number {
  const aNaN = Number.isNaN(a);
  const bNaN = Number.isNaN(b);
  if (aNaN || bNaN) return aNaN && bNaN ? 0 : aNaN ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Splits a document resource name (or reference) into its path segments. */
export function nameSegments(name: string): string[] {
  return name.split('/');
}

export function compareNames(a: string, b: string): number {
  if (a === b) return 0;
  const sa = nameSegments(a);
  const sb = nameSegments(b);
  const n = Math.min(sa.length, sb.length);
  for (let i = 0; i < n; i++) {
    const c = compareStrings(sa[i]!, sb[i]!);
    if (c !== 0) return c;
  }
  return Math.sign(sa.length - sb.length);
}

export function compareValues(a: FValue, b: FValue): number {
  const ta = typeOrder(a);
  const tb = typeOrder(b);
  if (ta !== tb) return ta < tb ? -1 : 1;
  switch (a.kind) {
    case 'null':
      return 0;
    case 'boolean':
      return a.value === (b as typeof a).value ? 0 : a.value ? 1 : -1;
    case 'integer':
    case 'double':
      return compareNumbers(a.value, (b as { value: number }).value);
    case 'timestamp':
      return tsCompare(a, b as typeof a);
    case 'string':
      return compareStrings(a.value, (b as typeof a).value);
    case 'bytes': {
      const bb = (b as typeof a).value;
      const n = Math.min(a.value.length, bb.length);
      for (let i = 0; i < n; i++) {
        if (a.value[i] !== bb[i]) return a.value[i]! < bb[i]! ? -1 : 1;
      }
      return Math.sign(a.value.length - bb.length);
    }
    case 'reference':
      return compareNames(a.value, (b as typeof a).value);
    case 'geopoint': {
      const g = b as typeof a;
      return compareNumbers(a.latitude, g.latitude) || compareNumbers(a.longitude, g.longitude);
    }
    case 'array': {
      const bv = (b as typeof a).values;
      const n = Math.min(a.values.length, bv.length);
      for (let i = 0; i < n; i++) {
        const c = compareValues(a.values[i]!, bv[i]!);
        if (c !== 0) return c;
      }
      return Math.sign(a.values.length - bv.length);
    }
    case 'map': {
      const keysA = [...a.fields.keys()].sort(compareStrings);
      const bf = (b as typeof a).fields;
      const keysB = [...bf.keys()].sort(compareStrings);
      const n = Math.min(keysA.length, keysB.length);
      for (let i = 0; i < n; i++) {
        const c = compareStrings(keysA[i]!, keysB[i]!);
        if (c !== 0) return c;
        const cv = compareValues(a.fields.get(keysA[i]!)!, bf.get(keysB[i]!)!);
        if (cv !== 0) return cv;
      }
      return Math.sign(keysA.length - keysB.length);
    }
  }
}

export function valuesEqual(a: FValue, b: FValue): boolean {
  return compareValues(a, b) === 0;
}

export function isNumber(v: FValue | undefined): v is Extract<FValue, { kind: 'integer' | 'double' }> {
  return v !== undefined && (v.kind === 'integer' || v.kind === 'double');
}

export function isNaNValue(v: FValue | undefined): boolean {
  return v !== undefined && v.kind === 'double' && Number.isNaN(v.value);
}
