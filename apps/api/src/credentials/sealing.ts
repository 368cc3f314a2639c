import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets kept in the database sealed with AES-256-GCM under a key derived from TOKEN_SECRET, one
 * key per purpose; `label` (the row's own name, such as a key id) is bound in as associated
 * data, so a sealed value copied to another row does not open.
 */
export function createSealer(secret: string, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'portal', purpose, 32));
  return {
    seal(label: string, clear: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(label));
      const sealed = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), sealed]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    /** The clear text; throws when the value is not sealed by this key for this label. */
    open(label: string, sealed: string): string {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || !data) throw new Error(`${label}: unknown sealing`);
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
        .setAAD(Buffer.from(label))
        .setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(data, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
export type Sealer = ReturnType<typeof createSealer>;
