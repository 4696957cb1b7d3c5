import { launchBrowser, openPage, startServer } from '../tests/browser/harness.mjs';
const server = await startServer();
const browser = await launchBrowser();
const shots = [
  ['present-1366-dark', 'index.html#lesson=4&present=1', { width: 1366, height: 768 }, 'dark'],
  ['present-1280-light', 'index.html#lesson=3&present=1', { width: 1280, height: 720 }, 'light'],
  ['present-1920-light', 'index.html#lesson=8&present=1', { width: 1920, height: 1080 }, 'light'],
  ['present-quiz-1366', 'index.html#quiz=4&present=1', { width: 1366, height: 768 }, 'light'],
  ['present-1024-dark', 'index.html#lesson=4&present=1', { width: 1024, height: 768 }, 'dark'],
  ['present-nolesson-1366', 'index.html#w=5%2C3%2C2&t=3&present=1', { width: 1366, height: 768 }, 'light'],
];
for (const [name, url, viewport, colorScheme] of shots) {
  const tab = await openPage(browser, server.url + url, { viewport, colorScheme, reducedMotion: 'reduce' });
  await tab.page.waitForSelector('main#app[data-ready="true"]');
  await tab.page.waitForTimeout(800);
  for (let i = 0; i < 4; i++) await tab.page.keyboard.press('PageDown');
  await tab.page.waitForTimeout(400);
  await tab.page.screenshot({ path: `/tmp/${name}.png` });
  console.log(name, await tab.page.evaluate(() => window.scrollY), tab.errors);
  await tab.close();
}
await browser.close(); await server.close();
