// The page at a real table (issue 38), in headless Chromium at phone size: the join QR code
// shows; Ann's phone sits at her seat and writes her statement with the symbol palette
// and letters only (no symbol typed on the keyboard; an ASCII shortcut turns into its
// symbol); Bob's phone is refused when it tries to play for Ann; taking back a win asks the
// table. Run by scripts/browser-test.sh with the address of `umpire serve --lan`.
import { chromium } from "playwright-core";

const [address, shot] = process.argv.slice(2);
const fail = (why) => { console.error("FAIL: " + why); process.exit(1); };
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
try {
  // Two phones: two contexts, so two storages, so two devices.
  const ann = await (await browser.newContext(phone)).newPage();
  const bob = await (await browser.newContext(phone)).newPage();
  for (const p of [ann, bob]) p.on("pageerror", (e) => fail("the page threw: " + e.message));
  await ann.goto(address);
  await ann.waitForSelector("#joinqr svg", { timeout: 10000 });
  if (!(await ann.textContent("#joinurl")).includes("code=")) fail("the join address should carry its code");
  await ann.fill("#players", "Ann, Bob");
  await ann.check("#own");
  await ann.click("#start");
  await ann.waitForSelector("#ingame", { state: "visible" });
  // Ann sits at her seat.
  await ann.selectOption("#me", "Ann");
  await ann.click("#sit");
  await ann.waitForFunction(() => document.querySelector("#seatline").textContent.includes("This device plays Ann"));
  // Bob's phone: Ann's seat is taken; a play for Ann is refused.
  await bob.goto(address);
  await bob.waitForSelector("#ingame", { state: "visible" });
  await bob.waitForFunction(() => document.querySelector("#seatline").textContent.includes("Seats taken: Ann"));
  await bob.selectOption("#me", "Ann");
  await bob.fill("#owncards", "P:happy");
  await bob.fill("#statement", "happy(x)");
  await bob.click("#play");
  await bob.waitForFunction(() => /held by another device/.test(document.querySelector("#playerr").textContent));
  // Ann writes ∀x happy(x) with the palette and letters.
  await ann.fill("#owncards", "P:happy");
  await ann.click("#statement");
  await ann.click("#palette button[data-s='∀']");
  await ann.keyboard.type("x happy");
  await ann.click("#palette button[data-s='(']");
  await ann.keyboard.type("x");
  await ann.click("#palette button[data-s=')']");
  const written = await ann.inputValue("#statement");
  if (written !== "∀x happy(x)") fail("the palette wrote " + JSON.stringify(written));
  await ann.waitForFunction(() => document.querySelector("#parse").textContent.includes("a legal play"));
  await ann.click("#play");
  await ann.waitForFunction(() => document.querySelectorAll("#board li").length === 1);
  if ((await ann.textContent("#parse")).trim() !== "") fail("a stale message stayed under the box");
  // An ASCII shortcut turns into its symbol as it is typed.
  await bob.selectOption("#me", "Bob");
  await bob.fill("#statement", "");
  await bob.click("#statement");
  await bob.keyboard.type("exists x ~happy(x)");
  const typed = await bob.inputValue("#statement");
  if (typed !== "∃x ¬happy(x)") fail("the shortcuts gave " + JSON.stringify(typed));
  await bob.fill("#owncards", "P:happy");
  await bob.waitForFunction(() => document.querySelector("#parse").textContent.includes("a legal play"));
  await bob.click("#play");
  await bob.waitForFunction(() => document.querySelectorAll("#board li").length === 2);
  // Ann claims the inconsistency from her phone and wins.
  await ann.waitForFunction(() => document.querySelectorAll("#board li").length === 2, null, { timeout: 10000 });
  await ann.click("#claimincons");
  await ann.waitForFunction(() => /wins/.test(document.querySelector("#turn").textContent), null, { timeout: 30000 });
  // Taking back the win asks the whole table.
  let asked = "";
  ann.once("dialog", (d) => { asked = d.message(); d.dismiss(); });
  await ann.click("#undo");
  await ann.waitForTimeout(300);
  if (!asked.includes("takes back Ann's win")) fail("undoing a win should ask the table: " + asked);
  await ann.screenshot({ path: shot, fullPage: true });
  console.log("ok: phone-sized table: QR join code, a seat held by its phone, the palette and shortcuts, a win not taken back unasked; screenshot " + shot);
} catch (e) {
  const pages = browser.contexts().flatMap((c) => c.pages());
  if (pages.length) await pages[0].screenshot({ path: shot.replace(/\.png$/, "-failed.png"), fullPage: true });
  throw e;
} finally {
  await browser.close();
}
