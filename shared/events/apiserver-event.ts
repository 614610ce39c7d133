/**
 * CloudEvent intake: turns what faas-js-runtime hands a function (a parsed CloudEvent, or the
 * raw request when the runtime did not recognise one) into a typed event, or a `BadEventError`.
 *
 * ApiServerSource facts this relies on (spec knative-kserve.md §1.3): binary mode with
 * extensions `kind`, `apiversion`, `name`, `namespace`; Resource mode carries the whole object
 * (the last state on delete), Reference mode a trimmed ObjectReference
 * `{kind, namespace, name, apiVersion}`; cluster-scoped objects have an empty namespace. Events are
 * hints: the object in a Resource-mode event may already be stale, so it is passed on as such.
 */
import { HTTP } from 'cloudevents';
import { z } from 'zod';
import { type Infer, lazySchema } from '../api/lazy-schema.ts';
import type { ObjectKey } from '../kube/types.ts';
import { EVERY_FUNCTION, FUNCTION_EXTENSION, KEEP_ALIVE_EVENT_TYPE } from '../timed-work/function-events.ts';
import { BadEventError } from './bad-event-error.ts';
import { API_SERVER_EVENT_TYPES, describeAcceptedTypes, PING_EVENT_TYPE } from './event-types.ts';
import type { ParsedEvent, RawHttpMessage } from './parsed-event.ts';

export type {
  ApiServerEvent,
  DeadLetterEvent,
  KeepAliveEvent,
  ParsedEvent,
  RawHttpMessage,
  ResyncEvent,
} from './parsed-event.ts';

const attributesSchema = lazySchema(() =>
  z
    .object({
      id: z.string().min(1),
      type: z.string().min(1),
      source: z.string().min(1),
      specversion: z.string().optional(),
      data: z.unknown().optional(),
      kind: z.string().optional(),
      apiversion: z.string().optional(),
      name: z.string().optional(),
      namespace: z.string().optional(),
      knativeerrordest: z.string().optional(),
      knativeerrorcode: z.union([z.string(), z.number()]).optional(),
      knativeerrordata: z.string().optional(),
      [FUNCTION_EXTENSION]: z.string().optional(),
    })
    .loose(),
);

const keepAliveDataSchema = lazySchema(() => z.object({ holdUntil: z.iso.datetime() }).loose());

const resourceDataSchema = lazySchema(() =>
  z
    .object({
      apiVersion: z.string().min(1),
      kind: z.string().min(1),
      metadata: z.object({ name: z.string().min(1), namespace: z.string().optional() }).loose(),
    })
    .loose(),
);

const referenceDataSchema = lazySchema(() =>
  z
    .object({
      apiVersion: z.string().min(1),
      kind: z.string().min(1),
      name: z.string().min(1),
      namespace: z.string().optional(),
    })
    .loose(),
);

/** Builds the schemas an event is parsed with, ahead of the first event (shared/runtime/prepare.ts). */
export function buildEventSchemas(): void {
  attributesSchema();
  resourceDataSchema();
  referenceDataSchema();
}

/**
 * Accepts either a CloudEvent object (any `cloudevents` major: the runtime bundles v8, the app
 * uses v10, both are structurally the same) or a raw `{headers, body}` request.
 */
export function parseApiServerEvent(input: unknown): ParsedEvent {
  if (input === undefined || input === null) {
    throw new BadEventError('the request carries no CloudEvent');
  }
  if (isRawHttpMessage(input)) return parseHttpMessage(input);
  return parseCloudEvent(input);
}

export function parseHttpMessage(message: RawHttpMessage): ParsedEvent {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(message.headers)) {
    if (typeof value === 'string') headers[key.toLowerCase()] = value;
    else if (Array.isArray(value)) headers[key.toLowerCase()] = value.join(', ');
  }
  const body = Buffer.isBuffer(message.body) ? message.body.toString('utf8') : message.body;
  let event: unknown;
  try {
    event = HTTP.toEvent({ headers, body: body as string });
  } catch (err) {
    throw new BadEventError(`the request is not a valid CloudEvent: ${errorText(err)}`, { cause: err });
  }
  if (Array.isArray(event)) {
    throw new BadEventError('batched CloudEvents are not supported; send one event per request');
  }
  return parseCloudEvent(event);
}

export function parseCloudEvent(event: unknown): ParsedEvent {
  const parsed = attributesSchema().safeParse(event);
  if (!parsed.success) {
    throw new BadEventError(`the CloudEvent is missing required attributes: ${issuesText(parsed.error)}`);
  }
  const attributes = parsed.data;
  const base = { eventId: attributes.id, type: attributes.type, source: attributes.source };
  if (attributes.knativeerrordest !== undefined) {
    return {
      action: 'dead-letter',
      ...base,
      errorDestination: attributes.knativeerrordest,
      ...(attributes.knativeerrorcode !== undefined
        ? { errorCode: String(attributes.knativeerrorcode) }
        : {}),
      ...(attributes.knativeerrordata !== undefined ? { errorData: attributes.knativeerrordata } : {}),
    };
  }
  if (attributes.type === PING_EVENT_TYPE) {
    const target = attributes[FUNCTION_EXTENSION];
    return { action: 'resync', wake: target !== undefined && target !== EVERY_FUNCTION, ...base };
  }
  if (attributes.type === KEEP_ALIVE_EVENT_TYPE) {
    const data = keepAliveDataSchema().safeParse(decodeData(attributes.data, attributes.id));
    if (!data.success)
      throw new BadEventError(
        `keep-alive event ${attributes.id} has no holdUntil: ${issuesText(data.error)}`,
      );
    return { action: 'keep-alive', holdUntil: Date.parse(data.data.holdUntil), ...base };
  }

  const typeInfo = API_SERVER_EVENT_TYPES[attributes.type];
  if (typeInfo === undefined) {
    throw new BadEventError(
      `unsupported CloudEvent type "${attributes.type}" (id ${attributes.id}); expected ${describeAcceptedTypes()}`,
    );
  }
  const data = decodeData(attributes.data, attributes.id);
  const ref =
    typeInfo.mode === 'resource' ? resourceRef(data, attributes.id) : referenceRef(data, attributes.id);
  checkExtensions(ref, attributes);
  return {
    action: typeInfo.action,
    mode: typeInfo.mode,
    ref,
    ...(typeInfo.mode === 'resource' ? { object: data } : {}),
    ...base,
  };
}

function resourceRef(data: unknown, eventId: string): ObjectKey {
  const parsed = resourceDataSchema().safeParse(data);
  if (!parsed.success) {
    throw new BadEventError(
      `resource event ${eventId}: data is not a Kubernetes object: ${issuesText(parsed.error)}`,
    );
  }
  const { apiVersion, kind, metadata } = parsed.data;
  return objectKey(apiVersion, kind, metadata.namespace, metadata.name);
}

function referenceRef(data: unknown, eventId: string): ObjectKey {
  const parsed = referenceDataSchema().safeParse(data);
  if (!parsed.success) {
    throw new BadEventError(
      `reference event ${eventId}: data is not an object reference: ${issuesText(parsed.error)}`,
    );
  }
  const { apiVersion, kind, namespace, name } = parsed.data;
  return objectKey(apiVersion, kind, namespace, name);
}

/** Cluster-scoped objects arrive with an empty namespace (data, extension and subject alike). */
function objectKey(apiVersion: string, kind: string, namespace: string | undefined, name: string): ObjectKey {
  return namespace ? { apiVersion, kind, namespace, name } : { apiVersion, kind, name };
}

/**
 * The adapter sets `kind`/`apiversion`/`name`/`namespace` extensions from the same object as the
 * data. A mismatch means the event was built or rewritten wrongly; acting on either half could
 * reconcile the wrong object.
 */
function checkExtensions(ref: ObjectKey, attributes: Infer<typeof attributesSchema>): void {
  const checks: [string, string | undefined, string][] = [
    ['kind', attributes.kind, ref.kind],
    ['apiversion', attributes.apiversion, ref.apiVersion],
    ['name', attributes.name, ref.name],
    ['namespace', attributes.namespace, ref.namespace ?? ''],
  ];
  for (const [extension, fromExtension, fromData] of checks) {
    if (fromExtension !== undefined && fromExtension !== fromData) {
      throw new BadEventError(
        `event ${attributes.id}: extension ${extension}="${fromExtension}" does not match the data ("${fromData}")`,
      );
    }
  }
}

function decodeData(data: unknown, eventId: string): unknown {
  if (data === undefined || data === null || data === '') {
    throw new BadEventError(`event ${eventId} has no data`);
  }
  let text: string | undefined;
  if (typeof data === 'string') text = data;
  else if (Buffer.isBuffer(data)) text = data.toString('utf8');
  // The SDK turns `data_base64` into a typed array holding one byte per element.
  else if (ArrayBuffer.isView(data))
    text = Buffer.from(data as unknown as ArrayLike<number>).toString('utf8');
  if (text === undefined) return data;
  try {
    return JSON.parse(text);
  } catch {
    throw new BadEventError(`event ${eventId}: data is not JSON`);
  }
}

function isRawHttpMessage(input: unknown): input is RawHttpMessage {
  return (
    typeof input === 'object' &&
    input !== null &&
    'headers' in input &&
    typeof input.headers === 'object' &&
    input.headers !== null &&
    !('specversion' in input)
  );
}

function issuesText(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
