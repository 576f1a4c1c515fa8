/**
 * The stand-in for a client application (demo-world.md): it shows the alias and every query parameter it received,
 * so launching and auto-redirect placeholders ({userName}, {culture}, {clientId}, {appRole} …) can be seen and tested
 * without any outside system. Everything a caller sent is escaped. Like a real application's return link, it leads back
 * to the board in the form the auto-redirect respects (`/board/index?stay`, docs/flows/launcher.md), so a person sent
 * straight here still reaches their profile and Sign out (issue 29 §4).
 */

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);
}

export function renderDemoAppPage(alias: string, parameters: readonly (readonly [string, string])[]): string {
  const rows = parameters.map(
    ([name, value]) => `<tr><th scope="row">${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`,
  );
  const table =
    rows.length === 0
      ? '<p>No parameters were received.</p>'
      : `<table><thead><tr><th scope="col">Parameter</th><th scope="col">Value</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>Demo application: ${escapeHtml(alias)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}th,td{text-align:left;padding:.25rem 1rem;border-bottom:1px solid #ddd}td{overflow-wrap:anywhere}</style></head>
<body><h1>Demo application <code>${escapeHtml(alias)}</code></h1>
<p>Gatehouse launched this stand-in application with these parameters.</p>
${table}
<p><a href="/board/index?stay">Back to Gatehouse</a>: your applications, your profile and Sign out, even when Gatehouse sends you straight here.</p>
</body></html>
`;
}
