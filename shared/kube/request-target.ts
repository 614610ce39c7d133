/**
 * What an API request touches, for counting: the verb as the API server's metrics name it (GET of
 * a collection is LIST, `?watch=1` is WATCH, PATCH/PUT/POST/DELETE as they are) and the resource
 * with its subresource, read from the path.
 */
import type { TransportRequest } from './transport.ts';

export interface RequestTarget {
  verb: string;
  resource: string;
}

export function requestTarget(request: Pick<TransportRequest, 'method' | 'path' | 'query'>): RequestTarget {
  const segments = request.path.split('?')[0]!.split('/').filter(Boolean);
  // A path outside the resource API (/version, /readyz) is its own resource.
  if (segments[0] !== 'api' && segments[0] !== 'apis')
    return { verb: request.method, resource: `/${segments.join('/')}` };
  // /api/v1/... or /apis/<group>/<version>/...
  let rest = segments[0] === 'api' ? segments.slice(2) : segments.slice(3);
  if (rest[0] === 'namespaces' && rest.length >= 3) rest = rest.slice(2);
  const [resource = 'unknown', name, subresource] = rest;
  const watch = request.query?.watch === 1 || request.query?.watch === true || request.query?.watch === '1';
  let verb = request.method === 'GET' ? (name === undefined ? 'LIST' : 'GET') : request.method;
  if (watch) verb = 'WATCH';
  return { verb, resource: subresource ? `${resource}/${subresource}` : resource };
}
