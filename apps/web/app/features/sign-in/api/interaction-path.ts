import { INTERACTION_PATHS } from '@portal/contracts/sign-in';
import { webConfig } from '~/config';

/**
 * An interaction call of the provider, under the issuer's path on this origin: not under the
 * API prefix, so its fetchers pass `outsideApi`.
 */
export const interactionPath = (which: keyof typeof INTERACTION_PATHS, uid: string) =>
  `${new URL(webConfig.oidc.issuer, window.location.origin).pathname}${INTERACTION_PATHS[which].replace(':uid', encodeURIComponent(uid))}`;
