import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_LIMITS, WEBHOOK_SECRET_PREFIX } from '@smart/contracts';
import type { Config } from '../../config.js';
import type { WebhookEndpointRow } from '../../db/schema/index.js';
import { type SecretBox, secretBox } from '../../lib/secret-box.js';
import { deriveKey, loadTwoFactorKey } from '../two-factor/index.js';

/*
 * Signing secrets and signatures per the Standard Webhooks specification
 * (docs/decisions/0277-webhooks-standard-webhooks.md).
 */

/** A new signing secret: `whsec_` and 24 random bytes in base64. */
export const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64')}`;

/** What the endpoint's page shows of a secret to tell two apart: its first characters after the prefix. */
export const secretPrefixOf = (secret: string) => secret.slice(0, WEBHOOK_SECRET_PREFIX.length + 4);

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed by the secret's bytes (the base64 after `whsec_`). */
export function signature(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  const mac = createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The `webhook-signature` header: one signature per secret that signs now, space-separated. */
export const signatureHeader = (
  secrets: readonly string[],
  messageId: string,
  timestampSeconds: number,
  body: string,
) => secrets.map((secret) => signature(secret, messageId, timestampSeconds, body)).join(' ');

/** The sealing context of an endpoint's secrets: a value copied into another endpoint's row does not open there. */
const contextOf = (endpointId: string) => `webhook-endpoint:${endpointId}`;

/** The endpoints' secrets sealed at rest, with a key of their own derived from the installation's one key. */
export interface WebhookSecrets {
  seal(endpointId: string, secret: string): string;
  /** The secrets that sign at `now`: the current one, and a rotation's previous one for its 24 hours. */
  signing(endpoint: WebhookEndpointRow, now: Date): string[];
}

export function webhookSecrets(box: SecretBox): WebhookSecrets {
  return {
    seal: (endpointId, secret) => box.seal(secret, contextOf(endpointId)),
    signing(endpoint, now) {
      const secrets = [box.open(endpoint.secret, contextOf(endpoint.id))];
      const previousExpires = endpoint.previousSecretExpiresAt;
      if (endpoint.previousSecret && previousExpires && previousExpires > now) {
        secrets.push(box.open(endpoint.previousSecret, contextOf(endpoint.id)));
      }
      return secrets;
    },
  };
}

/** The box of the endpoints' secrets, from the key of TWO_FACTOR_ENCRYPTION_KEY (or its file). */
export async function loadWebhookSecrets(config: Pick<Config, 'twoFactorKey' | 'dataDir'>): Promise<WebhookSecrets> {
  const { key } = await loadTwoFactorKey(config);
  return webhookSecrets(secretBox(deriveKey(key, 'smart webhook signing secrets')));
}

/** When a rotation's previous secret stops signing. */
export const previousSecretExpiry = (now: Date) =>
  new Date(now.getTime() + WEBHOOK_LIMITS.rotationOverlapHours * 60 * 60 * 1000);
