// Opens an `anim-dump report` page in Debian's chromium (headless, through playwright-core; both
// installed by tools/install-deps) and uses it as a person would: plays a moment, orbits and zooms
// the skeleton, then scrubs to FRAME with the slider (dragged there by value, then nudged with the
// keyboard), a step button and the arrow keys. Prints one JSON object: every request the page
// made, its console errors, the frame it shows, the task table's rows, the joints and IK targets the
// skeleton view drew, and how much of the screenshot (saved to SCREENSHOT) is drawn.
//   node report_browser.js REPORT.html FRAME SCREENSHOT.png
// Exit 0 when it ran, 2 when it could not.
const fs = require('fs');
const os = require('os');
const path = require('path');
const {pathToFileURL} = require('url');
const {chromium} = require('playwright-core');

const [report, frameText, screenshot] = process.argv.slice(2);
const frame = Number(frameText);

// Distinct colours and pixels unlike the page's background in a PNG, decoded by the browser.
function measurePng(bytes) {
  return createImageBitmap(new Blob([new Uint8Array(bytes)], {type: 'image/png'})).then((bitmap) => {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const g = canvas.getContext('2d');
    g.drawImage(bitmap, 0, 0);
    const pixels = g.getImageData(0, 0, bitmap.width, bitmap.height).data;
    const colours = new Set();
    let drawn = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      const rgb = (pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2];
      colours.add(rgb);
      if (rgb !== 0xffffff && rgb !== 0xf4f4f4) ++drawn;
    }
    return {width: bitmap.width, height: bitmap.height, colours: colours.size, drawn_fraction: drawn / (pixels.length / 4)};
  });
}

async function main() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'report-browser-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    viewport: {width: 1400, height: 1000},
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
           '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await context.newPage();
    const requests = [], errors = [];
    page.on('request', (r) => requests.push(r.url()));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e)));
    const url = pathToFileURL(path.resolve(report)).href;
    await page.goto(url);

    await page.click('#play');
    await page.waitForTimeout(300);
    await page.click('#play');
    const skeleton = page.locator('#skeleton');
    const box = await skeleton.boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 40, box.y + box.height / 2 + 15, {steps: 5});
    await page.mouse.up();
    await page.mouse.wheel(0, -200);

    const slider = page.locator('#frame');
    const first = Number(await slider.getAttribute('min'));
    const start = Math.max(first, frame - 3);
    await slider.fill(String(start));
    await slider.focus();
    for (let f = start; f < frame; ++f) await page.keyboard.press('ArrowRight');
    await page.click('#next');          // frame + 1, the button keeps the focus
    await page.keyboard.press('ArrowLeft');  // back to frame

    const shown = await page.evaluate(() => ({
      frame: Number(document.body.dataset.frame),
      slider: Number(document.getElementById('frame').value),
      skeleton_frame: Number(document.getElementById('skeleton').dataset.frame),
      title: document.getElementById('title').textContent,
      joints: JSON.parse(document.getElementById('skeleton').dataset.joints),
      targets: JSON.parse(document.getElementById('skeleton').dataset.targets),
      tasks: [...document.querySelectorAll('#tasks tbody tr')].map((row) => ({
        index: Number(row.cells[0].textContent),
        type: row.cells[1].textContent,
        node: row.cells[5].textContent,
        reachable: row.cells[6].textContent.startsWith('yes'),
        buffer: row.cells[7].textContent,
      })),
    }));
    await page.screenshot({path: screenshot, fullPage: true});
    const probe = await context.newPage();
    const pixels = await probe.evaluate(measurePng, [...fs.readFileSync(screenshot)]);
    console.log(JSON.stringify({url, requests, errors, ...shown, screenshot: pixels}));
  } finally {
    await context.close();
    fs.rmSync(profile, {recursive: true, force: true});
  }
}

main().catch((error) => {
  console.error(`report_browser: ${error}`);
  process.exit(2);
});
