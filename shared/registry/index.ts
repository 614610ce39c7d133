export { basicAuthorization, pullScope, RegistryAuthenticator } from './auth.ts';
export { type ImageInspection, RegistryClient, type RegistryClientOptions } from './client.ts';
export {
  type DockerConfigEntry,
  DockerConfigError,
  matchCredentials,
  parseConfigKey,
  parseDockerConfig,
  type RegistryCredentials,
} from './credentials.ts';
export { sha256Digest, verifyDigest } from './digest.ts';
export { isRegistryError, REGISTRY_ERROR_KINDS, RegistryError, type RegistryErrorKind } from './errors.ts';
export { emptyRequestCounts, type RegistryRequestCounts, totalRequests } from './http.ts';
export { MANIFEST_ACCEPT, MEDIA_TYPES } from './media-types.ts';
export { DEFAULT_PLATFORM, isAttestation, type Platform, selectPlatform } from './platform.ts';
export {
  DOCKER_HUB_DOMAIN,
  DOCKER_HUB_HOST,
  describeReference,
  isLoopbackHost,
  manifestReference,
  parseRegistryReference,
  type RegistryReference,
} from './reference.ts';
export { credentialsFingerprint, TokenCache } from './token-cache.ts';
export { type AuthChallenge, parseWwwAuthenticate } from './www-authenticate.ts';
