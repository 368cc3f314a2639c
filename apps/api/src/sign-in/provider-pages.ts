// The few pages the provider itself renders, Indonesian first with English beside it: they are
// served by the API, outside the web app and its translation catalogue.

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:24px 16px;color:#1f2937}
main{max-width:420px;margin:0 auto}h1{font-size:1.5rem}p[lang=en]{color:#4b5563}
button,a.button{display:block;width:100%;box-sizing:border-box;min-height:44px;margin:12px 0;
font:inherit;font-weight:600;border-radius:8px;border:2px solid #1d4ed8;cursor:pointer;
text-align:center;padding:10px}button[value=yes]{background:#1d4ed8;color:#fff}
button:not([value]){background:#fff;color:#1d4ed8}:focus-visible{outline:3px solid #f59e0b;
outline-offset:2px}`;

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="id">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

const bilingual = (id: string, en: string) =>
  `${escape(id)} <span lang="en">/ ${escape(en)}</span>`;

/** Asks before ending the session (RP-initiated logout); `form` is the provider's own form. */
export const logoutPage = (form: string): string =>
  page(
    'Keluar / Sign out',
    `<h1>${bilingual('Keluar dari akun', 'Sign out')}</h1>
<p>Keluar dari akun Anda di perangkat ini?</p>
<p lang="en">Sign out of your account on this device?</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>${bilingual('Ya, keluar', 'Yes, sign out')}</button>
<button type="submit" form="op.logoutForm">${bilingual('Tidak, tetap masuk', 'No, stay signed in')}</button>`,
  );

export const signedOutPage = (): string =>
  page(
    'Anda sudah keluar / Signed out',
    `<h1>${bilingual('Anda sudah keluar', 'You are signed out')}</h1>
<p>Anda dapat menutup halaman ini.</p>
<p lang="en">You can close this page.</p>`,
  );

/** A request the provider refused; the code (an OAuth error name) helps the help desk. */
export const errorPage = (code: string): string =>
  page(
    'Permintaan tidak dapat diproses / Request not processed',
    `<h1>${bilingual('Permintaan masuk tidak dapat diproses', 'The sign-in request could not be processed')}</h1>
<p>Tutup halaman ini lalu coba masuk lagi dari portal.</p>
<p lang="en">Close this page, then sign in again from the portal.</p>
<p><small>Kode / Code: <code>${escape(code)}</code></small></p>`,
  );
