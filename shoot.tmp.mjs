import { chromium } from 'playwright-core';
const [base, prefix, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync'] });
for (const width of [1280, 390]) {
  const page = await browser.newPage({ viewport: { width, height: width === 390 ? 844 : 900 } });
  for (const p of paths) {
    await page.goto(base + p);
    await page.waitForTimeout(2500);
    const name = `${prefix}-${p.replace(/[^a-z0-9]+/gi, '_')}-${width}.png`;
    await page.screenshot({ path: `/tmp/lf-shots/${name}`, fullPage: true });
    console.log(name);
  }
  await page.close();
}
await browser.close();
