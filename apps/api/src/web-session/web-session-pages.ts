// The pages the portal's sign-in routes render themselves, outside the provider's steps: a
// callback it cannot complete (an old or reused link, another browser's sign-in, a refusal at
// the provider), and a sign-in that cannot start or finish right now. Indonesian first, English
// beside it, as the provider's own pages; the way on is a new sign-in.

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:24px 16px;color:#1f2937}
main{max-width:420px;margin:0 auto}h1{font-size:1.5rem}p[lang=en]{color:#4b5563}
a{display:inline-block;min-height:44px;line-height:44px;color:#1d4ed8}`;

type PageText = { id: string; en: string };

const page = (title: PageText, body: PageText) => `<!DOCTYPE html>
<html lang="id">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title.id} / ${title.en}</title>
<style>${STYLE}</style>
</head>
<body><main>
<h1>${title.id} <span lang="en">/ ${title.en}</span></h1>
<p>${body.id}</p>
<p lang="en">${body.en}</p>
<p><a href="/auth/login">Masuk lagi / Sign in again</a></p>
<p><a href="/">Beranda / Home</a></p>
</main></body>
</html>`;

/** The sign-in could not be completed: start again from the portal. */
export const callbackRefusedPage = (): string =>
  page(
    { id: 'Proses masuk tidak dapat diselesaikan', en: 'The sign-in could not be completed' },
    {
      id: 'Tautan ini sudah dipakai, sudah kedaluwarsa, atau dibuka di peramban lain. Silakan masuk lagi.',
      en: 'This link was used already, has expired, or was opened in another browser. Please sign in again.',
    },
  );

/** Too many sign-ins from this address, or the sign-in service is briefly away: try again. */
export const signInBusyPage = (): string =>
  page(
    { id: 'Layanan masuk sedang sibuk', en: 'Sign-in is busy' },
    {
      id: 'Proses masuk belum dapat dimulai saat ini. Tunggu sebentar, lalu mulai lagi.',
      en: 'The sign-in cannot start right now. Wait a moment, then start again.',
    },
  );
