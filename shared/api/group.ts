/** The API group, version and apiVersion every AIM kind is served under. */
export const AIM_GROUP = 'aim.eai.amd.com';
export const AIM_VERSION = 'v1alpha1';
export const AIM_API_VERSION = `${AIM_GROUP}/${AIM_VERSION}` as const;
