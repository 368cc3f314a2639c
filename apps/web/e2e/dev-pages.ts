import { baseUrl } from './browser';

/** What `/dev/demo-identities` answers (synthetic people, served only outside production). */
export type DemoIdentity = {
  userType: 'ptk' | 'pd' | 'dinas';
  npsn: string | null;
  schoolName: string | null;
  office: { name: string; type: 'provinsi' | 'kota_kabupaten'; regionCode: string } | null;
  fullName: string;
  birthDate: string;
  motherName: string;
  accountEmail: string;
};

/** One message of `/dev/mailbox/messages`: what the portal sent without SMTP or SMS gateway. */
export type MailboxMessage = {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  bodyText: string;
  template: string;
  createdAt: string;
  deliveredAt: string | null;
  /** Delivery attempts: 1 for a message its job sent once. */
  attempts: number;
};

/** An account to try the first sign-in with: `/dev/demo-identities`' `signIn` list. */
export type DemoSignInAccount = {
  role:
    | 'teacher'
    | 'staff'
    | 'reviewer'
    | 'operator'
    | 'announcer'
    | 'analyst'
    | 'registrar'
    | 'auditor'
    | 'staff-admin'
    | 'platform-admin'
    | 'school-admin';
  email: string;
  password: string;
};

/** How the dev pages are read: the cluster journeys pass a fetch that waits its turn. */
export type Fetcher = (url: string, init?: RequestInit) => Promise<Response>;

/** The dev pages of the server at `origin`: its demo accounts and identities, and its mail. */
export function devPages(origin: string, fetcher: Fetcher = fetch) {
  const read = async <T>(pathname: string): Promise<T> => {
    const response = await fetcher(`${origin}${pathname}`, {
      headers: { accept: 'application/json' },
    });
    return (await response.json()) as T;
  };
  const messages = async () =>
    (await read<{ messages: MailboxMessage[] }>('/dev/mailbox/messages')).messages;

  return {
    /** The demo teacher and staff account with their initial password, and the school admin. */
    async demoSignInAccounts(): Promise<Record<DemoSignInAccount['role'], DemoSignInAccount>> {
      const { signIn } = await read<{ signIn: DemoSignInAccount[] }>('/dev/demo-identities');
      const byRole = (role: DemoSignInAccount['role']) => {
        const found = signIn.find((account) => account.role === role);
        if (!found) throw new Error(`no demo ${role} account`);
        return found;
      };
      return {
        teacher: byRole('teacher'),
        staff: byRole('staff'),
        reviewer: byRole('reviewer'),
        operator: byRole('operator'),
        announcer: byRole('announcer'),
        analyst: byRole('analyst'),
        registrar: byRole('registrar'),
        auditor: byRole('auditor'),
        'staff-admin': byRole('staff-admin'),
        'platform-admin': byRole('platform-admin'),
        'school-admin': byRole('school-admin'),
      };
    },

    /** The demo identity of each user type. */
    async demoIdentities(): Promise<Record<DemoIdentity['userType'], DemoIdentity>> {
      const { identities } = await read<{ identities: DemoIdentity[] }>('/dev/demo-identities');
      const byType = (type: DemoIdentity['userType']) => {
        const found = identities.find((identity) => identity.userType === type);
        if (!found) throw new Error(`no demo identity of type ${type}`);
        return found;
      };
      return { ptk: byType('ptk'), pd: byType('pd'), dinas: byType('dinas') };
    },

    /** The newest messages, newest first. */
    messages,

    /** The newest delivered message of a template created after `since`, waiting for the job. */
    async waitForMessage(
      template: string,
      since: number,
      matches: (message: MailboxMessage) => boolean = () => true,
    ): Promise<MailboxMessage> {
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline) {
        const found = (await messages()).find(
          (message) =>
            message.template === template &&
            message.deliveredAt !== null &&
            Date.parse(message.createdAt) >= since - 1000 &&
            matches(message),
        );
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`no ${template} message arrived`);
    },
  };
}

export type DevPages = ReturnType<typeof devPages>;

/** The dev pages of the server the global setup started. */
export const mainDevPages = devPages(baseUrl);
export const { demoSignInAccounts, demoIdentities, waitForMessage } = mainDevPages;
