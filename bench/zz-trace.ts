import { launchBrowser, openPage } from '@tests/e2e/support/browser';
import { DEMO_PASSWORD, identityPages } from '@tests/e2e/identity';
import { startServerWithBenchPeople } from './identity-server';
const server = await startServerWithBenchPeople(4);
const browser = await launchBrowser();
for (let run = 0; run < 3; run++) {
  const { page, context } = await openPage(browser, server.baseUrl);
  await page.addInitScript(() => {
    const w = window as any; w.clk = 0; w.shown = 0;
    document.addEventListener('click', (e) => { if ((e.target as Element)?.closest?.('#okta-sign-in-widget input[type="submit"]')) { w.clk = performance.now(); performance.mark('bench-click'); } }, true);
    new MutationObserver(() => { if (w.clk && !w.shown && location.pathname === '/board/index' && document.querySelectorAll('main button').length >= 3) { w.shown = -1; requestAnimationFrame(() => { w.shown = performance.now(); performance.mark('bench-shown'); }); } }).observe(document, { childList: true, subtree: true });
  });
  await identityPages.openLogin(page);
  await page.locator('#okta-sign-in-widget input[name="username"]').fill('maria@acme.test');
  await page.locator('#okta-sign-in-widget input[name="password"]').fill(DEMO_PASSWORD);
  await page.waitForTimeout(1500);
  const cdp = await context.newCDPSession(page);
  const events: any[] = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...(d.value as any[])));
  await cdp.send('Tracing.start', { categories: 'toplevel,blink.user_timing,devtools.timeline,v8.execute', transferMode: 'ReportEvents' });
  await page.locator('#okta-sign-in-widget input[type="submit"]').click();
  await page.waitForFunction(() => (window as any).shown > 0);
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.end'); await done;
  const res = await page.evaluate(() => { const c = (window as any).clk; return { total: Math.round((window as any).shown - c), r: performance.getEntriesByType('resource').filter((e) => e.startTime >= c - 5 && true).map((e: any) => `${Math.round(e.startTime - c)}-${Math.round(e.responseEnd - c)} ${e.name.replace(location.origin, '').slice(0, 60)}`) }; });
  const click = events.find((e) => e.name === 'bench-click'); const shown = events.find((e) => e.name === 'bench-shown');
  if (!click || !shown) { console.log('no marks'); continue; }
  const main = events.filter((e) => e.ph === 'X' && e.pid === click.pid && e.tid === click.tid && e.ts >= click.ts && e.ts <= shown.ts);
  const top = main.filter((e) => ['RunTask', 'ThreadControllerImpl::RunTask'].includes(e.name));
  const busy = top.reduce((s, e) => s + (e.dur ?? 0), 0) / 1000;
  const long = top.filter((e) => (e.dur ?? 0) > 2000).map((e) => {
    const inner = main.filter((x) => x.ts >= e.ts && x.ts < e.ts + e.dur && x !== e && (x.dur ?? 0) > 800).map((x) => `${x.name}${x.args?.data?.url ? ' ' + String(x.args.data.url).split('/').pop() : ''}${x.args?.data?.functionName ? ' ' + x.args.data.functionName : ''}:${Math.round(x.dur / 1000)}`).slice(0, 6);
    return `${Math.round((e.ts - click.ts) / 1000)}+${Math.round(e.dur / 1000)} [${inner.join(', ')}]`;
  });
  if (run > 0) console.log(JSON.stringify({ total: res.total, busyMs: Math.round(busy), r: res.r, long }, null, 1));
  await context.close();
}
await browser.close(); await server.stop(); process.exit(0);
