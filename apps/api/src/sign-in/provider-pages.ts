// The pages the provider itself renders, Indonesian first with English beside it: a request it
// refused, answered with its error status outside the web app, and the way back to a platform
// after its sign-out (the sign-in steps and the sign-out confirmation are the web's server
// build's, decision 0286).

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:24px 16px;color:#1f2937}
main{max-width:420px;margin:0 auto}h1{font-size:1.5rem}p[lang=en]{color:#4b5563}
code{font-size:1rem}`;

function page(title: string, body: string, head = ''): string {
  return `<!DOCTYPE html>
<html lang="id">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>${head}
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

const bilingual = (id: string, en: string) =>
  `${escape(id)} <span lang="en">/ ${escape(en)}</span>`;

/**
 * A request the provider refused; the code (an OAuth error name) helps the help desk. A sign-in
 * in progress whose state was lost (`temporarily_unavailable`) is asked to start again.
 */
export const errorPage = (code: string): string =>
  code === 'temporarily_unavailable'
    ? page(
        'Mulai masuk lagi / Start signing in again',
        `<h1>${bilingual('Proses masuk terputus', 'The sign-in was interrupted')}</h1>
<p>Mulai lagi: tutup halaman ini lalu masuk lagi dari portal atau platform Anda.</p>
<p lang="en">Start again: close this page, then sign in again from the portal or your platform.</p>
<p><small>Kode / Code: <code>${escape(code)}</code></small></p>`,
      )
    : page(
        'Permintaan tidak dapat diproses / Request not processed',
        `<h1>${bilingual('Permintaan masuk tidak dapat diproses', 'The sign-in request could not be processed')}</h1>
<p>Tutup halaman ini lalu coba masuk lagi dari portal.</p>
<p lang="en">Close this page, then sign in again from the portal.</p>
<p><small>Kode / Code: <code>${escape(code)}</code></small></p>`,
      );

/**
 * After a platform's sign-out, the way back to it: opened at once (an instant redirect, WCAG
 * technique G110) with a link for a browser that does not follow it.
 */
export const returnToPlatformPage = (target: string, platform: string | undefined): string => {
  const name = platform?.trim() || 'platform';
  const href = escape(target);
  return page(
    'Anda sudah keluar / You have signed out',
    `<h1>${bilingual('Anda sudah keluar', 'You have signed out')}</h1>
<p><a href="${href}">${escape(`Kembali ke ${name}`)}</a></p>
<p lang="en"><a href="${href}">${escape(`Back to ${name}`)}</a></p>`,
    `\n<meta http-equiv="refresh" content="0; url=${href}">`,
  );
};
