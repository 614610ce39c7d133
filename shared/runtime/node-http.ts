/**
 * Node's `http` and `https`, taken as CommonJS builtins. An ESM `import` of `node:http` builds a
 * module facade that reads every export, and Node 24's lazy undici-backed exports then load undici:
 * 25–35 ms of every cold start, for processes that talk to the API server without fetch.
 */
export const http = process.getBuiltinModule('node:http');
export const https = process.getBuiltinModule('node:https');
export const tls = process.getBuiltinModule('node:tls');
