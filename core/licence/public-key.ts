/**
 * The vendor's licence-signing public key (raw 32 bytes, base64). Only the
 * public half lives here; the private key is held by the vendor and is never
 * in this repository. `SVC_LICENSE_PUBLIC_KEY` (same encoding) replaces it,
 * so tests and self-hosted deployments can mint their own licences.
 */
export const BUILT_IN_LICENSE_PUBLIC_KEY = '+HeMRJ4+QK86TIv8kMzzcR84eZENv3cnLr8J5AnsAgM=';

/** Where a tier refusal points when the licence names no billing portal. */
export const PRICING_URL = 'https://svc.dev/pricing';
