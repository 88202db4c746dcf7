/**
 * Firestore document events as the platform hands them to a 2nd-gen function: a CloudEvent whose `data` is a
 * DocumentEventData (`value`, `oldValue`, `updateMask`) in proto3 JSON, with `datacontenttype:
 * application/json`. firebase-functions turns that into `event.params` (from the function's own document
 * pattern) and `event.data` = Change<DocumentSnapshot> (lib/v2/providers/firestore.js,
 * makeChangedFirestoreEvent -> createSnapshotFromJson), exactly as under the Functions emulator.
 */
import { randomUUID } from 'node:crypto';
import { DocumentReference, type DocumentSnapshot, GeoPoint, Timestamp } from 'firebase-admin/firestore';

export type ChangeKind = 'create' | 'update' | 'delete';

export const FIRESTORE_EVENT_PREFIX = 'google.cloud.firestore.document.v1.';
export const EVENT_KINDS: Record<string, readonly ChangeKind[]> = {
  [`${FIRESTORE_EVENT_PREFIX}written`]: ['create', 'update', 'delete'],
  [`${FIRESTORE_EVENT_PREFIX}created`]: ['create'],
  [`${FIRESTORE_EVENT_PREFIX}updated`]: ['update'],
  [`${FIRESTORE_EVENT_PREFIX}deleted`]: ['delete'],
};

export interface RawFirestoreEvent {
  specversion: '1.0';
  id: string;
  source: string;
  type: string;
  time: string;
  subject: string;
  datacontenttype: string;
  data: { value?: DocumentJson; oldValue?: DocumentJson; updateMask?: { fieldPaths: string[] } };
  project: string;
  location: string;
  database: string;
  namespace: string;
  document: string;
}

interface DocumentJson {
  name: string;
  fields: Record<string, ValueJson>;
  createTime: string;
  updateTime: string;
}

type ValueJson = Record<string, unknown>;

/** RFC 3339 with nanoseconds, the proto3 JSON form of a Timestamp. */
function timestampJson(ts: Timestamp): string {
  const whole = new Date(ts.seconds * 1000).toISOString().slice(0, 19);
  return `${whole}.${String(ts.nanoseconds).padStart(9, '0')}Z`;
}

function documentName(projectId: string, path: string): string {
  return `projects/${projectId}/databases/(default)/documents/${path}`;
}

/**
 * A field value in proto3 JSON. Numbers: whole numbers become integerValue, others doubleValue (a double that
 * happens to be whole, say 1500.0, arrives as an integer: JavaScript cannot tell them apart after data()).
 */
function valueJson(value: unknown, projectId: string): ValueJson {
  if (value === null || value === undefined) return { nullValue: null };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number') {
    if (Number.isSafeInteger(value)) return { integerValue: String(value) };
    return { doubleValue: Number.isFinite(value) ? value : String(value) };
  }
  if (typeof value === 'bigint') return { integerValue: value.toString() };
  if (typeof value === 'string') return { stringValue: value };
  if (value instanceof Timestamp) return { timestampValue: timestampJson(value) };
  if (value instanceof Date) return { timestampValue: timestampJson(Timestamp.fromDate(value)) };
  if (value instanceof GeoPoint) return { geoPointValue: { latitude: value.latitude, longitude: value.longitude } };
  if (value instanceof DocumentReference) return { referenceValue: documentName(projectId, value.path) };
  if (value instanceof Uint8Array) return { bytesValue: Buffer.from(value).toString('base64') };
  if (Array.isArray(value)) return { arrayValue: { values: value.map((v) => valueJson(v, projectId)) } };
  if (typeof value === 'object') return { mapValue: { fields: fieldsJson(value as Record<string, unknown>, projectId) } };
  throw new Error(`cannot encode a ${typeof value} as a Firestore value`);
}

function fieldsJson(data: Record<string, unknown>, projectId: string): Record<string, ValueJson> {
  const fields: Record<string, ValueJson> = {};
  for (const [key, value] of Object.entries(data)) fields[key] = valueJson(value, projectId);
  return fields;
}

function documentJson(snapshot: DocumentSnapshot, projectId: string): DocumentJson {
  return {
    name: documentName(projectId, snapshot.ref.path),
    fields: fieldsJson(snapshot.data() ?? {}, projectId),
    createTime: timestampJson(snapshot.createTime!),
    updateTime: timestampJson(snapshot.updateTime!),
  };
}

export function changeKind(before: DocumentSnapshot | undefined, after: DocumentSnapshot | undefined): ChangeKind {
  if (!after) return 'delete';
  return before ? 'update' : 'create';
}

export interface EventInput {
  projectId: string;
  region: string;
  eventType: string;
  path: string;
  before: DocumentSnapshot | undefined;
  after: DocumentSnapshot | undefined;
  /** When the change happened (the after document's update time, or when the delete was seen). */
  time: Timestamp;
  id?: string;
}

/** The CloudEvent the platform would deliver for this change. */
export function firestoreCloudEvent(input: EventInput): RawFirestoreEvent {
  const { projectId, path, before, after } = input;
  const data: RawFirestoreEvent['data'] = {};
  if (after?.exists) data.value = documentJson(after, projectId);
  if (before?.exists) data.oldValue = documentJson(before, projectId);
  if (data.value && data.oldValue) {
    const keys = new Set([...Object.keys(data.value.fields), ...Object.keys(data.oldValue.fields)]);
    const changed = [...keys].filter((k) => JSON.stringify(data.value!.fields[k]) !== JSON.stringify(data.oldValue!.fields[k]));
    data.updateMask = { fieldPaths: changed.sort() };
  }
  return {
    specversion: '1.0',
    id: input.id ?? randomUUID(),
    source: `//firestore.googleapis.com/projects/${projectId}/databases/(default)`,
    type: input.eventType,
    time: timestampJson(input.time),
    subject: `documents/${path}`,
    datacontenttype: 'application/json; charset=utf-8',
    data,
    project: projectId,
    location: input.region,
    database: '(default)',
    namespace: '(default)',
    document: path,
  };
}

/** A function's document pattern (`a/{x}/b/{y}`) as a test of document paths: wildcard segments match any id. */
export function documentPatternMatcher(pattern: string): (path: string) => boolean {
  const want = pattern.split('/').map((segment) => (/^\{[^}=]+\}$/.test(segment) ? undefined : segment));
  return (path) => {
    const got = path.split('/');
    return got.length === want.length && want.every((segment, i) => segment === undefined || segment === got[i]);
  };
}
