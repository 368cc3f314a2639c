import {
  ANNOUNCEMENT_ROUTES,
  AnnouncementItemSchema,
  AnnouncementListSchema,
  type AnnouncementInput,
} from '@portal/contracts/announcements';
import {
  CONSOLE_ROUTES,
  OfficeRequestDetailSchema,
  OfficeRequestListSchema,
  ReferralCodeItemSchema,
  ReferralCodeListSchema,
  ToggleOverviewSchema,
  consolePath,
  type ToggleChangeBody,
} from '@portal/contracts/console';
import { DeletionItemSchema, DeletionListSchema } from '@portal/contracts/account-deletion';
import { dataEnvelope } from '@portal/contracts/envelope';
import { ApiError, apiUrl, getJson, postJson, putJson } from '~/api/api-client';
import { ERROR_MESSAGES } from '@portal/contracts/api-error';

export type RequestFilter = {
  status: string;
  province: string;
  from: string;
  to: string;
  page: number;
};

/** The console's calls (issue 21), each with the staff member's access token. */
export function consoleApi(token: string) {
  return {
    requests: (filter: RequestFilter, signal?: AbortSignal) =>
      getJson(CONSOLE_ROUTES.officeRequests, dataEnvelope(OfficeRequestListSchema), {
        token,
        signal,
        query: Object.fromEntries(
          Object.entries({ ...filter, page: String(filter.page) }).filter(([, value]) => value),
        ),
      }),
    request: (id: string, signal?: AbortSignal) =>
      getJson(
        consolePath(CONSOLE_ROUTES.officeRequest, id),
        dataEnvelope(OfficeRequestDetailSchema),
        {
          token,
          signal,
        },
      ),
    /** The letter as a Blob: the page shows it from a blob: address, the token never in a URL. */
    async letter(id: string, signal?: AbortSignal): Promise<Blob> {
      const response = await fetch(apiUrl(consolePath(CONSOLE_ROUTES.officeRequestLetter, id)), {
        headers: { authorization: `Bearer ${token}` },
        signal,
      });
      if (!response.ok)
        throw new ApiError(response.status, ERROR_MESSAGES.generic, [], { id: 'internal' });
      return response.blob();
    },
    approve: (id: string) =>
      postJson(
        consolePath(CONSOLE_ROUTES.approve, id),
        {},
        dataEnvelope(OfficeRequestDetailSchema),
        {
          token,
        },
      ),
    reject: (id: string, reason: string) =>
      postJson(
        consolePath(CONSOLE_ROUTES.reject, id),
        { reason },
        dataEnvelope(OfficeRequestDetailSchema),
        { token },
      ),
    codes: (signal?: AbortSignal) =>
      getJson(CONSOLE_ROUTES.referralCodes, dataEnvelope(ReferralCodeListSchema), {
        token,
        signal,
      }),
    createCode: (body: { maxUses: number; expiresAt?: string }) =>
      postJson(CONSOLE_ROUTES.referralCodes, body, dataEnvelope(ReferralCodeItemSchema), { token }),
    revokeCode: (id: string) =>
      postJson(
        consolePath(CONSOLE_ROUTES.revokeReferralCode, id),
        {},
        dataEnvelope(ReferralCodeItemSchema),
        { token },
      ),
    toggles: (signal?: AbortSignal) =>
      getJson(CONSOLE_ROUTES.featureToggles, dataEnvelope(ToggleOverviewSchema), {
        token,
        signal,
      }),
    changeToggle: (key: string, body: ToggleChangeBody) =>
      putJson(
        CONSOLE_ROUTES.featureToggle.replace(':key', key),
        body,
        dataEnvelope(ToggleOverviewSchema),
        { token },
      ),
    announcements: (signal?: AbortSignal) =>
      getJson(ANNOUNCEMENT_ROUTES.all, dataEnvelope(AnnouncementListSchema), { token, signal }),
    /** A new announcement (no id), or a change to one's text and schedule. */
    saveAnnouncement: (id: string | null, body: AnnouncementInput) =>
      postJson(
        id ? consolePath(ANNOUNCEMENT_ROUTES.one, id) : ANNOUNCEMENT_ROUTES.all,
        body,
        dataEnvelope(AnnouncementItemSchema),
        { token },
      ),
    setAnnouncementActive: (id: string, active: boolean) =>
      postJson(
        consolePath(active ? ANNOUNCEMENT_ROUTES.activate : ANNOUNCEMENT_ROUTES.deactivate, id),
        {},
        dataEnvelope(AnnouncementItemSchema),
        { token },
      ),
    deletions: ({ status, page }: { status: string; page: number }, signal?: AbortSignal) =>
      getJson(CONSOLE_ROUTES.accountDeletions, dataEnvelope(DeletionListSchema), {
        token,
        signal,
        query: { ...(status ? { status } : {}), page: String(page) },
      }),
    decideDeletion: (id: string, decision: 'uphold' | 'reject') =>
      postJson(
        consolePath(CONSOLE_ROUTES.decideDeletion, id),
        { decision },
        dataEnvelope(DeletionItemSchema),
        { token },
      ),
  };
}
export type ConsoleApi = ReturnType<typeof consoleApi>;
