/**
 * Go `encoding/json` output for the values upstream feeds into name hashes (spec §14.1). Byte-for-byte
 * equality with Go matters: the hash of this text is part of every derived name.
 *
 * How to express a Go value:
 * - `string`, `boolean`; `number` / `bigint` for Go ints (floats are rejected: Go formats them differently);
 * - `null` for a nil slice, map or pointer;
 * - arrays for slices;
 * - plain objects for structs, fields in declaration order; a field left `undefined` is omitted,
 *   which is how callers express `omitempty`;
 * - `goMap(record)` for a Go map, which upstream turns into a sorted `[k1, v1, k2, v2, …]` array.
 */

export type GoJsonValue =
  | string
  | number
  | bigint
  | boolean
  | null
  | readonly GoJsonValue[]
  | GoMap
  | GoStruct;

export interface GoStruct {
  readonly [field: string]: GoJsonValue | undefined;
}

/** A Go map as a hash input. */
export class GoMap {
  readonly entries: ReadonlyMap<string, GoJsonValue>;

  constructor(entries: Iterable<readonly [string, GoJsonValue]>) {
    this.entries = new Map(entries);
  }
}

export function goMap(record: Readonly<Record<string, GoJsonValue>>): GoMap {
  return new GoMap(Object.entries(record));
}

/** Go escapes these even though JSON does not require it (HTML safety, JavaScript line terminators). */
const GO_EXTRA_ESCAPES = /[<>&\u2028\u2029]/g;

function goJsonString(value: string): string {
  // Go strings hold UTF-8; a lone surrogate can only have arrived as U+FFFD, which Go writes literally.
  return JSON.stringify(value.toWellFormed()).replace(
    GO_EXTRA_ESCAPES,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Go sorts strings by their UTF-8 bytes, which differs from UTF-16 order above the BMP. */
export function compareUtf8(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

export function goJson(value: GoJsonValue): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return goJsonString(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return value.toString();
    case 'number':
      if (!Number.isSafeInteger(value)) throw new TypeError(`goJson: ${value} is not an integer`);
      return String(value);
  }
  if (Array.isArray(value)) return `[${value.map((item: GoJsonValue) => goJson(item)).join(',')}]`;
  if (value instanceof GoMap) {
    const keys = [...value.entries.keys()].sort(compareUtf8);
    return goJson(keys.flatMap((key) => [key, value.entries.get(key) as GoJsonValue]));
  }
  if (!isPlainObject(value)) throw new TypeError('goJson: only plain objects encode as Go structs');
  const fields = Object.entries(value as GoStruct).filter(
    (entry): entry is [string, GoJsonValue] => entry[1] !== undefined,
  );
  return `{${fields.map(([key, field]) => `${goJsonString(key)}:${goJson(field)}`).join(',')}}`;
}
