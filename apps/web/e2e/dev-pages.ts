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
    | 'school-admin';
  email: string;
  password: string;
};

/** The demo teacher and staff account with their initial password, and the school admin. */
export async function demoSignInAccounts(): Promise<
  Record<DemoSignInAccount['role'], DemoSignInAccount>
> {
  const response = await fetch(`${baseUrl}/dev/demo-identities`, {
    headers: { accept: 'application/json' },
  });
  const { signIn } = (await response.json()) as { signIn: DemoSignInAccount[] };
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
    'school-admin': byRole('school-admin'),
  };
}

/** The demo identity of each user type. */
export async function demoIdentities(): Promise<Record<DemoIdentity['userType'], DemoIdentity>> {
  const response = await fetch(`${baseUrl}/dev/demo-identities`, {
    headers: { accept: 'application/json' },
  });
  const { identities } = (await response.json()) as { identities: DemoIdentity[] };
  const byType = (type: DemoIdentity['userType']) => {
    const found = identities.find((identity) => identity.userType === type);
    if (!found) throw new Error(`no demo identity of type ${type}`);
    return found;
  };
  return { ptk: byType('ptk'), pd: byType('pd'), dinas: byType('dinas') };
}

/** The newest delivered message of a template created after `since`, waiting for the job. */
export async function waitForMessage(
  template: string,
  since: number,
  matches: (message: MailboxMessage) => boolean = () => true,
): Promise<MailboxMessage> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/dev/mailbox/messages`);
    const { messages } = (await response.json()) as { messages: MailboxMessage[] };
    const found = messages.find(
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
}
