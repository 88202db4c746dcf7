/**
 * In-memory document store of the embedded Firestore server: documents,
 * atomic application of writes (preconditions, masks, transforms) and the
 * query engine (filters, ordering, cursors, collection groups).
 *
 * Everything here is synchronous; the server serialises access with its
 * lock manager, so a commit is applied in one step and readers never see
 * half of it.
 */
import type { Write as PWrite, DocumentTransformFieldTransform as PFieldTransform } from '@firestore-emulator/proto/dist/google/firestore/v1/write.js';
import type { StructuredQuery as PQuery, StructuredQueryFilter as PFilter } from '@firestore-emulator/proto/dist/google/firestore/v1/query.js';
import {
  Code,
  compareNames,
  compareStrings,
  compareValues,
  deleteIn,
  type Fields,
  formatFieldPath,
  fromProtoFields,
  fromProtoValue,
  type FValue,
  getIn,
  isNaNValue,
  isNumber,
  parseFieldPath,
  RpcError,
  setIn,
  type Ts,
  tsCompare,
  typeOrder,
  valuesEqual,
} from './values.js';

export interface StoredDoc {
  readonly name: string;
  readonly fields: Fields;
  readonly createTime: Ts;
  readonly updateTime: Ts;
}

// ---------------------------------------------------------------------------
// Resource names

function relativeSegments(name: string): string[] | undefined {
  const parts = name.split('/');
  if (parts.length < 5 || parts[0] !== 'projects' || parts[2] !== 'databases' || parts[4] !== 'documents') return undefined;
  const rest = parts.slice(5);
  if (rest.some((s) => s === '')) return undefined;
  return rest;
}

export function assertDocumentName(name: string): void {
  const rest = relativeSegments(name);
  if (!rest || rest.length === 0 || rest.length % 2 !== 0) {
    throw new RpcError(Code.INVALID_ARGUMENT, `Invalid document name: "${name}"`);
  }
}

/** A query/list parent: the database root or a document. */
export function assertParentName(name: string): void {
  const rest = relativeSegments(name);
  if (!rest || rest.length % 2 !== 0) {
    throw new RpcError(Code.INVALID_ARGUMENT, `Invalid parent: "${name}"`);
  }
}

export function collectionOf(docName: string): string {
  return docName.slice(0, docName.lastIndexOf('/'));
}

function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

// ---------------------------------------------------------------------------
// Store

export class DocumentStore {
  private readonly docs = new Map<string, StoredDoc>();
  /** collection path -> documents in it (only collections that hold documents). */
  private readonly collections = new Map<string, Map<string, StoredDoc>>();

  get(name: string): StoredDoc | undefined {
    return this.docs.get(name);
  }

  put(doc: StoredDoc): void {
    this.docs.set(doc.name, doc);
    const collection = collectionOf(doc.name);
    let docs = this.collections.get(collection);
    if (!docs) {
      docs = new Map();
      this.collections.set(collection, docs);
    }
    docs.set(doc.name, doc);
  }

  remove(name: string): void {
    if (!this.docs.delete(name)) return;
    const collection = collectionOf(name);
    const docs = this.collections.get(collection);
    if (docs) {
      docs.delete(name);
      if (docs.size === 0) this.collections.delete(collection);
    }
  }

  /** Removes every document whose name starts with `prefix` (all when omitted). */
  clear(prefix?: string): void {
    if (prefix === undefined) {
      this.docs.clear();
      this.collections.clear();
      return;
    }
    for (const name of [...this.docs.keys()]) {
      if (name.startsWith(prefix)) this.remove(name);
    }
  }

  collection(path: string): Iterable<StoredDoc> {
    return this.collections.get(path)?.values() ?? [];
  }

  /** Collection paths strictly below `parent` (a root or document name). */
  *collectionsUnder(parent: string): Iterable<string> {
    const prefix = parent + '/';
    for (const path of this.collections.keys()) {
      if (path.startsWith(prefix)) yield path;
    }
  }

  /** Ids of the collections directly under `parent` that contain documents at any depth. */
  listCollectionIds(parent: string): string[] {
    const prefix = parent + '/';
    const ids = new Set<string>();
    for (const path of this.collectionsUnder(parent)) {
      const rest = path.slice(prefix.length);
      const slash = rest.indexOf('/');
      ids.add(slash === -1 ? rest : rest.slice(0, slash));
    }
    return [...ids].sort(compareStrings);
  }

  /**
   * Documents of a collection ordered by name; with `showMissing`, also the
   * names of absent documents that have subcollections (as Firestore does).
   */
  listDocuments(collectionPath: string, showMissing: boolean): { name: string; doc: StoredDoc | undefined }[] {
    const out = new Map<string, StoredDoc | undefined>();
    for (const doc of this.collection(collectionPath)) out.set(doc.name, doc);
    if (showMissing) {
      const prefix = collectionPath + '/';
      for (const path of this.collectionsUnder(collectionPath)) {
        const rest = path.slice(prefix.length);
        const name = prefix + rest.slice(0, rest.indexOf('/'));
        if (!out.has(name)) out.set(name, undefined);
      }
    }
    return [...out.entries()].sort((a, b) => compareNames(a[0], b[0])).map(([name, doc]) => ({ name, doc }));
  }
}

// ---------------------------------------------------------------------------
// Writes

export type Precondition = { exists: boolean } | { updateTime: Ts } | undefined;

export type TransformOp = 'serverTime' | 'increment' | 'maximum' | 'minimum' | 'arrayUnion' | 'arrayRemove';

export interface ParsedTransform {
  readonly path: string[];
  readonly op: TransformOp;
  readonly operand: FValue | undefined;
  readonly elements: readonly FValue[];
}

export interface ParsedWrite {
  readonly name: string;
  readonly op: 'update' | 'delete' | 'transform';
  readonly fields: Fields;
  /** Present for `update` with an update mask (set-merge / update()); absent = replace the document. */
  readonly mask: string[][] | undefined;
  readonly transforms: readonly ParsedTransform[];
  readonly precondition: Precondition;
}

function parseTransform(t: PFieldTransform): ParsedTransform {
  const path = parseFieldPath(t.field_path);
  if (t.has_set_to_server_value) {
    if (t.set_to_server_value !== 1) throw new RpcError(Code.INVALID_ARGUMENT, 'Unknown server value');
    return { path, op: 'serverTime', operand: undefined, elements: [] };
  }
  if (t.has_increment) return { path, op: 'increment', operand: fromProtoValue(t.increment), elements: [] };
  if (t.has_maximum) return { path, op: 'maximum', operand: fromProtoValue(t.maximum), elements: [] };
  if (t.has_minimum) return { path, op: 'minimum', operand: fromProtoValue(t.minimum), elements: [] };
  if (t.has_append_missing_elements) {
    return { path, op: 'arrayUnion', operand: undefined, elements: t.append_missing_elements.values.map(fromProtoValue) };
  }
  if (t.has_remove_all_from_array) {
    return { path, op: 'arrayRemove', operand: undefined, elements: t.remove_all_from_array.values.map(fromProtoValue) };
  }
  throw new RpcError(Code.INVALID_ARGUMENT, `Field transform without a transform type on ${t.field_path}`);
}

export function parsePrecondition(p: PWrite['current_document'] | undefined): Precondition {
  if (!p) return undefined;
  if (p.has_exists) return { exists: p.exists };
  if (p.has_update_time) return { updateTime: { seconds: Number(p.update_time.seconds), nanos: p.update_time.nanos } };
  return undefined;
}

export function parseWrite(w: PWrite): ParsedWrite {
  const precondition = parsePrecondition(w.has_current_document ? w.current_document : undefined);
  const transforms = w.update_transforms.map(parseTransform);
  if (w.has_update) {
    assertDocumentName(w.update.name);
    return {
      name: w.update.name,
      op: 'update',
      fields: fromProtoFields(w.update.fields),
      mask: w.has_update_mask ? w.update_mask.field_paths.map(parseFieldPath) : undefined,
      transforms,
      precondition,
    };
  }
  if (w.has_delete) {
    assertDocumentName(w.delete);
    return { name: w.delete, op: 'delete', fields: new Map(), mask: undefined, transforms: [], precondition };
  }
  if (w.has_transform) {
    assertDocumentName(w.transform.document);
    return {
      name: w.transform.document,
      op: 'transform',
      fields: new Map(),
      mask: undefined,
      transforms: w.transform.field_transforms.map(parseTransform),
      precondition,
    };
  }
  throw new RpcError(Code.INVALID_ARGUMENT, 'Write has no operation');
}

function checkPrecondition(name: string, current: StoredDoc | undefined, p: Precondition): void {
  if (!p) return;
  if ('exists' in p) {
    if (p.exists && !current) throw new RpcError(Code.NOT_FOUND, `No document to update: ${name}`);
    if (!p.exists && current) throw new RpcError(Code.ALREADY_EXISTS, `Document already exists: ${name}`);
    return;
  }
  if (!current || tsCompare(current.updateTime, p.updateTime) !== 0) {
    throw new RpcError(Code.FAILED_PRECONDITION, `The document ${name} was not last updated at the given time (or does not exist)`);
  }
}

function applyTransform(current: FValue | undefined, t: ParsedTransform, commitTime: Ts): FValue {
  switch (t.op) {
    case 'serverTime':
      return { kind: 'timestamp', seconds: commitTime.seconds, nanos: commitTime.nanos };
    case 'increment': {
      const operand = t.operand!;
      if (!isNumber(operand)) throw new RpcError(Code.INVALID_ARGUMENT, 'increment needs a number');
      if (!isNumber(current)) return operand;
      if (current.kind === 'integer' && operand.kind === 'integer') {
        return { kind: 'integer', value: current.value + operand.value };
      }
      return { kind: 'double', value: current.value + operand.value };
    }
    case 'maximum':
    case 'minimum': {
      const operand = t.operand!;
      if (!isNumber(operand)) throw new RpcError(Code.INVALID_ARGUMENT, `${t.op} needs a number`);
      if (!isNumber(current)) return operand;
      const c = compareValues(operand, current);
      return (t.op === 'maximum' ? c > 0 : c < 0) ? operand : current;
    }
    case 'arrayUnion': {
      const values = current?.kind === 'array' ? [...current.values] : [];
      for (const e of t.elements) {
        if (!values.some((v) => valuesEqual(v, e))) values.push(e);
      }
      return { kind: 'array', values };
    }
    case 'arrayRemove': {
      const values = current?.kind === 'array' ? current.values : [];
      return { kind: 'array', values: values.filter((v) => !t.elements.some((e) => valuesEqual(v, e))) };
    }
  }
}

export interface WriteOutcome {
  readonly doc: StoredDoc | undefined;
  readonly transformResults: FValue[];
}

/** Applies one write to the current version of its document (pure; throws RpcError on failed preconditions). */
export function applyWrite(current: StoredDoc | undefined, w: ParsedWrite, commitTime: Ts): WriteOutcome {
  checkPrecondition(w.name, current, w.precondition);
  if (w.op === 'delete') return { doc: undefined, transformResults: [] };
  let fields: Fields;
  if (w.op === 'update') {
    if (w.mask) {
      fields = current?.fields ?? new Map();
      for (const path of w.mask) {
        const v = getIn(w.fields, path);
        fields = v !== undefined ? setIn(fields, path, v) : deleteIn(fields, path);
      }
    } else {
      fields = w.fields;
    }
  } else {
    fields = current?.fields ?? new Map();
  }
  const transformResults: FValue[] = [];
  for (const t of w.transforms) {
    const next = applyTransform(getIn(fields, t.path), t, commitTime);
    fields = setIn(fields, t.path, next);
    transformResults.push(next);
  }
  return {
    doc: { name: w.name, fields, createTime: current?.createTime ?? commitTime, updateTime: commitTime },
    transformResults,
  };
}

// ---------------------------------------------------------------------------
// Queries

const NAME_FIELD = '__name__';

export type FieldRef = readonly string[];

export type Filter =
  | { readonly type: 'composite'; readonly op: 'and' | 'or'; readonly filters: readonly Filter[] }
  | { readonly type: 'field'; readonly path: FieldRef; readonly op: number; readonly value: FValue }
  | { readonly type: 'unary'; readonly path: FieldRef; readonly op: number };

export interface Order {
  readonly path: FieldRef;
  readonly descending: boolean;
}

export interface Cursor {
  readonly values: readonly FValue[];
  readonly before: boolean;
}

export interface ParsedQuery {
  readonly collectionId: string;
  readonly allDescendants: boolean;
  /** undefined: all fields */
  readonly select: FieldRef[] | undefined;
  readonly where: Filter | undefined;
  readonly orderBy: readonly Order[];
  readonly startAt: Cursor | undefined;
  readonly endAt: Cursor | undefined;
  readonly offset: number;
  readonly limit: number | undefined;
}

export const Op = {
  LESS_THAN: 1,
  LESS_THAN_OR_EQUAL: 2,
  GREATER_THAN: 3,
  GREATER_THAN_OR_EQUAL: 4,
  EQUAL: 5,
  NOT_EQUAL: 6,
  ARRAY_CONTAINS: 7,
  IN: 8,
  ARRAY_CONTAINS_ANY: 9,
  NOT_IN: 10,
} as const;

export const UnaryOp = { IS_NAN: 2, IS_NULL: 3, IS_NOT_NAN: 4, IS_NOT_NULL: 5 } as const;

const INEQUALITY_OPS: ReadonlySet<number> = new Set([
  Op.LESS_THAN,
  Op.LESS_THAN_OR_EQUAL,
  Op.GREATER_THAN,
  Op.GREATER_THAN_OR_EQUAL,
  Op.NOT_EQUAL,
  Op.NOT_IN,
]);

function parseFilter(f: PFilter): Filter | undefined {
  if (f.has_composite_filter) {
    const op = f.composite_filter.op;
    if (op !== 1 && op !== 2) throw new RpcError(Code.INVALID_ARGUMENT, 'Composite filter without operator');
    const filters = f.composite_filter.filters.map(parseFilter).filter((x): x is Filter => x !== undefined);
    if (filters.length === 0) return undefined;
    return { type: 'composite', op: op === 1 ? 'and' : 'or', filters };
  }
  if (f.has_field_filter) {
    const ff = f.field_filter;
    if (ff.op < 1 || ff.op > 10) throw new RpcError(Code.INVALID_ARGUMENT, `Unknown filter operator ${ff.op}`);
    const value = fromProtoValue(ff.value);
    if ((ff.op === Op.IN || ff.op === Op.NOT_IN || ff.op === Op.ARRAY_CONTAINS_ANY) && value.kind !== 'array') {
      throw new RpcError(Code.INVALID_ARGUMENT, `Filter operator ${ff.op} needs an array value`);
    }
    return { type: 'field', path: parseFieldPath(ff.field.field_path), op: ff.op, value };
  }
  if (f.has_unary_filter) {
    const op = f.unary_filter.op;
    if (op < 2 || op > 5) throw new RpcError(Code.INVALID_ARGUMENT, `Unknown unary operator ${op}`);
    return { type: 'unary', path: parseFieldPath(f.unary_filter.field.field_path), op };
  }
  return undefined;
}

export function parseQuery(q: PQuery): ParsedQuery {
  if (q.from.length !== 1) throw new RpcError(Code.INVALID_ARGUMENT, 'A query must select exactly one collection');
  if (q.has_find_nearest) throw new RpcError(Code.UNIMPLEMENTED, 'findNearest (vector search) is not supported by this server');
  const from = q.from[0]!;
  const cursor = (c: { values: Parameters<typeof fromProtoValue>[0][]; before: boolean }): Cursor => ({
    values: c.values.map(fromProtoValue),
    before: c.before,
  });
  const selectFields = q.has_select ? q.select.fields.map((f) => parseFieldPath(f.field_path)) : [];
  return {
    collectionId: from.collection_id,
    allDescendants: from.all_descendants,
    select: selectFields.length > 0 ? selectFields.filter((p) => !(p.length === 1 && p[0] === NAME_FIELD)) : undefined,
    where: q.has_where ? parseFilter(q.where) : undefined,
    orderBy: q.order_by.map((o) => ({ path: parseFieldPath(o.field.field_path), descending: o.direction === 2 })),
    startAt: q.has_start_at ? cursor(q.start_at) : undefined,
    endAt: q.has_end_at ? cursor(q.end_at) : undefined,
    offset: q.offset,
    limit: q.has_limit ? q.limit.value : undefined,
  };
}

function isName(path: FieldRef): boolean {
  return path.length === 1 && path[0] === NAME_FIELD;
}

function fieldOf(doc: StoredDoc, path: FieldRef): FValue | undefined {
  if (isName(path)) return { kind: 'reference', value: doc.name };
  return getIn(doc.fields, path);
}

function matches(doc: StoredDoc, f: Filter): boolean {
  if (f.type === 'composite') {
    return f.op === 'and' ? f.filters.every((x) => matches(doc, x)) : f.filters.some((x) => matches(doc, x));
  }
  const v = fieldOf(doc, f.path);
  if (f.type === 'unary') {
    switch (f.op) {
      case UnaryOp.IS_NAN:
        return isNaNValue(v);
      case UnaryOp.IS_NULL:
        return v?.kind === 'null';
      case UnaryOp.IS_NOT_NAN:
        return v !== undefined && v.kind !== 'null' && !isNaNValue(v);
      case UnaryOp.IS_NOT_NULL:
        return v !== undefined && v.kind !== 'null';
      default:
        return false;
    }
  }
  if (v === undefined) return false;
  const value = f.value;
  // Comparisons only hold between values of the same type: NaN (every comparison false) otherwise.
  const c = () => (typeOrder(v) === typeOrder(value) ? compareValues(v, value) : NaN);
  switch (f.op) {
    case Op.EQUAL:
      return c() === 0;
    case Op.NOT_EQUAL:
      return v.kind !== 'null' && c() !== 0;
    case Op.LESS_THAN:
      return c() < 0;
    case Op.LESS_THAN_OR_EQUAL:
      return c() <= 0;
    case Op.GREATER_THAN:
      return c() > 0;
    case Op.GREATER_THAN_OR_EQUAL:
      return c() >= 0;
    case Op.ARRAY_CONTAINS:
      return v.kind === 'array' && v.values.some((x) => valuesEqual(x, value));
    case Op.ARRAY_CONTAINS_ANY:
      return (
        v.kind === 'array' && value.kind === 'array' && v.values.some((x) => value.values.some((y) => valuesEqual(x, y)))
      );
    case Op.IN:
      return value.kind === 'array' && value.values.some((y) => valuesEqual(v, y));
    case Op.NOT_IN:
      return (
        value.kind === 'array' &&
        !value.values.some((y) => y.kind === 'null') &&
        v.kind !== 'null' &&
        !value.values.some((y) => valuesEqual(v, y))
      );
    default:
      return false;
  }
}

function collectInequalityPaths(f: Filter | undefined, out: Map<string, FieldRef>): void {
  if (!f) return;
  if (f.type === 'composite') {
    for (const x of f.filters) collectInequalityPaths(x, out);
  } else if (f.type === 'field' && INEQUALITY_OPS.has(f.op)) {
    out.set(formatFieldPath(f.path), f.path);
  }
}

/** The full ordering Firestore applies: explicit orders, then inequality fields, then the document name. */
export function effectiveOrder(q: ParsedQuery): Order[] {
  const orders: Order[] = [...q.orderBy];
  const seen = new Set(orders.map((o) => formatFieldPath(o.path)));
  const lastDescending = orders.length > 0 ? orders[orders.length - 1]!.descending : false;
  const inequalities = new Map<string, FieldRef>();
  collectInequalityPaths(q.where, inequalities);
  for (const key of [...inequalities.keys()].sort(compareStrings)) {
    if (!seen.has(key) && key !== NAME_FIELD) {
      orders.push({ path: inequalities.get(key)!, descending: lastDescending });
      seen.add(key);
    }
  }
  if (!seen.has(NAME_FIELD)) orders.push({ path: [NAME_FIELD], descending: lastDescending });
  return orders;
}

function compareByOrder(a: StoredDoc, b: StoredDoc, orders: readonly Order[]): number {
  for (const o of orders) {
    const c = compareValues(fieldOf(a, o.path)!, fieldOf(b, o.path)!);
    if (c !== 0) return o.descending ? -c : c;
  }
  return 0;
}

function compareToCursor(doc: StoredDoc, cursor: Cursor, orders: readonly Order[]): number {
  for (let i = 0; i < cursor.values.length && i < orders.length; i++) {
    const o = orders[i]!;
    let cv = cursor.values[i]!;
    if (isName(o.path) && cv.kind === 'string') {
      cv = { kind: 'reference', value: collectionOf(doc.name) + '/' + cv.value };
    }
    const c = compareValues(fieldOf(doc, o.path)!, cv);
    if (c !== 0) return o.descending ? -c : c;
  }
  return 0;
}

/** Candidate documents of the query's collection (or collection group) below `parent`. */
function candidates(store: DocumentStore, parent: string, q: ParsedQuery): StoredDoc[] {
  if (!q.allDescendants) {
    if (q.collectionId === '') throw new RpcError(Code.INVALID_ARGUMENT, 'collection_id is required');
    return [...store.collection(`${parent}/${q.collectionId}`)];
  }
  const out: StoredDoc[] = [];
  for (const path of store.collectionsUnder(parent)) {
    if (q.collectionId === '' || lastSegment(path) === q.collectionId) out.push(...store.collection(path));
  }
  return out;
}

/** Runs a query; the result is ordered and limited, but not projected. */
export function runQuery(store: DocumentStore, parent: string, q: ParsedQuery): StoredDoc[] {
  assertParentName(parent);
  const orders = effectiveOrder(q);
  let docs = candidates(store, parent, q).filter(
    (d) => orders.every((o) => fieldOf(d, o.path) !== undefined) && (!q.where || matches(d, q.where)),
  );
  docs.sort((a, b) => compareByOrder(a, b, orders));
  const { startAt, endAt } = q;
  if (startAt) {
    docs = docs.filter((d) => {
      const c = compareToCursor(d, startAt, orders);
      return c > 0 || (c === 0 && startAt.before);
    });
  }
  if (endAt) {
    docs = docs.filter((d) => {
      const c = compareToCursor(d, endAt, orders);
      return c < 0 || (c === 0 && !endAt.before);
    });
  }
  if (q.offset > 0) docs = docs.slice(q.offset);
  if (q.limit !== undefined) docs = docs.slice(0, q.limit);
  return docs;
}
