// The one page the portal's sign-in callback renders itself: a callback it cannot complete (an
// old or reused link, another browser's sign-in, a refusal at the provider). Indonesian first,
// English beside it, as the provider's own pages; the way on is a new sign-in.

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:24px 16px;color:#1f2937}
main{max-width:420px;margin:0 auto}h1{font-size:1.5rem}p[lang=en]{color:#4b5563}
a{display:inline-block;min-height:44px;line-height:44px;color:#1d4ed8}`;

/** The sign-in could not be completed: start again from the portal. */
export const callbackRefusedPage = (): string => `<!DOCTYPE html>
<html lang="id">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Proses masuk tidak dapat diselesaikan / Sign-in not completed</title>
<style>${STYLE}</style>
</head>
<body><main>
<h1>Proses masuk tidak dapat diselesaikan <span lang="en">/ The sign-in could not be completed</span></h1>
<p>Tautan ini sudah dipakai, sudah kedaluwarsa, atau dibuka di peramban lain. Silakan masuk lagi.</p>
<p lang="en">This link was used already, has expired, or was opened in another browser. Please sign in again.</p>
<p><a href="/auth/login">Masuk lagi / Sign in again</a></p>
<p><a href="/">Beranda / Home</a></p>
</main></body>
</html>`;
