import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db, Transaction } from '../db/database';
import { createOidcAdapterRepository, type OidcModelRow } from './oidc-adapter-repository';

// The provider reads a used code or refresh token by its `consumed` time: a second use of a
// refresh token then revokes its whole grant.
const toPayload = (row: OidcModelRow | undefined): AdapterPayload | undefined =>
  row
    ? {
        ...(row.payload as AdapterPayload),
        ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
      }
    : undefined;

/**
 * oidc-provider's storage in the portal's database: every instance sees the same sessions,
 * codes and tokens, and a restart loses none. One adapter per model (Session, Grant, ...).
 */
export function createOidcAdapter(db: Db) {
  const repository = createOidcAdapterRepository(db);
  return (model: string): Adapter => ({
    upsert: (id, payload, expiresIn) => repository.upsert(model, id, payload, expiresIn),
    find: async (id) => toPayload(await repository.find(model, id)),
    findByUid: async (uid) => toPayload(await repository.findByUid(model, uid)),
    findByUserCode: async (userCode) => toPayload(await repository.findByUserCode(model, userCode)),
    consume: (id) => repository.consume(model, id),
    destroy: (id) => repository.destroy(model, id),
    revokeByGrantId: (grantId) => repository.revokeByGrantId(model, grantId),
  });
}

/** Ends every session, grant, code and token of an account, in the caller's transaction. */
export async function revokeAccountSignIns(tx: Transaction, accountId: string): Promise<void> {
  await createOidcAdapterRepository(tx).revokeAccount(accountId);
}
