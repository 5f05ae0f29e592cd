/** A tag such as `<p>`, `<br/>`, `</div>` or `<a href="…">`: the body is an HTML mail (a site's own template may be). */
const TAG = /<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>/i;

export function isHtmlBody(text: string): boolean {
  return TAG.test(text);
}

/**
 * The document an HTML mail is shown in: inside an `<iframe sandbox="">` (no scripts, no forms, a
 * unique origin) and under a policy that loads nothing from outside (no tracking pixels, no remote
 * styles), so a template can never run code in, or reach, the back office.
 */
export const MAIL_POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:";

export function mailDocument(html: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${MAIL_POLICY}"></head><body>${html}</body></html>`;
}
