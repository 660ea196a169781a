// A real browser plays a short game on umpire's page: two statements, a redundancy claim,
// and the evidence shown. Run by scripts/browser-test.sh, which starts the server and
// passes its address; the screenshot is kept as the test's artifact.
import { chromium } from "playwright-core";

const [address, shot] = process.argv.slice(2);
const fail = (why) => { console.error("FAIL: " + why); process.exit(1); };
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1000, height: 1400 } });
  page.on("pageerror", (e) => fail("the page threw: " + e.message));
  await page.goto(address);
  // A new game with the table's own physical deck.
  await page.fill("#players", "Ann, Bob");
  await page.check("#own");
  // The table requires derivations (ruling G20): Ann's claim below scores with hers.
  await page.check("#derivreqbox");
  await page.click("#start");
  await page.waitForSelector("#ingame", { state: "visible" });
  if (!(await page.textContent("#derivreq")).includes("requires a derivation")) fail("the table should say it requires derivations");
  if (!(await page.textContent("#turn")).includes("Ann")) fail("Ann should start");
  // Ann: a statement typed with a mistake first — the diagnostic shows as you type.
  await page.fill("#owncards", "P:blonde");
  await page.fill("#statement", "∀x blonde(x");
  await page.waitForSelector("#parse .diag");
  await page.fill("#statement", "∀x blonde(x)");
  await page.waitForFunction(() => document.querySelector("#parse").textContent.includes("a legal play"));
  await page.click("#play");
  await page.waitForFunction(() => document.querySelectorAll("#board li").length === 1);
  // Bob writes a statement that follows from Ann's.
  await page.selectOption("#me", "Bob");
  await page.fill("#owncards", "P:blonde");
  await page.fill("#statement", "∃x blonde(x)");
  await page.waitForFunction(() => document.querySelector("#parse").textContent.includes("a legal play"));
  await page.click("#play");
  await page.waitForFunction(() => document.querySelectorAll("#board li").length === 2);
  // Issue 57: Ann argues her claim in the derivation pane first. A wrong step is marked
  // (a rule misapplied, a step that does not follow, with its model on a tap); fixed, the
  // derivation proves the claim, and the claim is argued with it.
  await page.selectOption("#me", "Ann");
  await page.fill("#claimk", "2");
  // The last line's justification comes from the rule palette (a phone has no ∀ key).
  await page.fill("#derivation", "∀x blonde(x) :PR\nblonde(a) :∀E 1\nhappy(a) :by 1\n∃x blonde(x)");
  await page.click("#rules button:text-is('∀I')");
  await page.type("#derivation", "2");
  await page.click("#derivecheck");
  await page.waitForFunction(() => document.querySelectorAll("#derivout .dl").length === 4, null, { timeout: 30000 });
  const marks = await page.$$eval("#derivout .dl .mark", (m) => m.map((x) => x.textContent).join(""));
  if (marks !== "✓✓✗✗") fail("the marks should be ✓✓✗✗: " + marks);
  await page.click("#derivout .dl.wrong >> nth=0");
  await page.waitForSelector("#derivout pre.model", { state: "visible" });
  await page.screenshot({ path: shot.replace(/\.png$/, "-derivation.png"), fullPage: true });
  await page.fill("#derivation", "∀x blonde(x) :PR\nblonde(a) :∀E 1\n∃x blonde(x) :∃I 2\n");
  await page.click("#derivecheck");
  await page.waitForFunction(() => /proves that \(2\) is redundant/.test(document.querySelector("#derivout").textContent), null, { timeout: 30000 });
  // Ann claims (2) redundant: upheld, with the proof's steps in the board's numbering.
  await page.click("#claimred");
  await page.waitForFunction(() => document.querySelector("#claimout").textContent.includes("upheld"), null, { timeout: 30000 });
  const out = await page.textContent("#claimout");
  if (!out.includes("Ann: upheld")) fail("the claim should be upheld: " + out);
  if (!out.includes("(1)")) fail("the evidence should cite statement (1): " + out);
  if (!out.includes("Ann's derivation") || !out.includes("proves that (2) is redundant")) fail("the claim's derivation should show: " + out);
  // Issue 58: umpire's own proof, written in the derivation language.
  if (!out.includes("umpire's derivation") || !out.includes(":∃I")) fail("umpire's derivation should show: " + out);
  const score = await page.textContent("#scores");
  if (!score.includes("Ann: 1")) fail("Ann should score: " + score);
  // The coach: what Ann can claim now, and her plays ranked by their risks (with the
  // table's own deck, the cards she names are the ones she holds).
  await page.fill("#owncards", "P:happy Q:∀x");
  await page.click("#hintbtn");
  await page.waitForFunction(() => /can claim/.test(document.querySelector("#hintout").textContent), null, { timeout: 30000 });
  const hint = await page.textContent("#hintout");
  if (!hint.includes("Plays, safest first")) fail("the hint should rank plays: " + hint);
  // The check pad draws a model.
  await page.click("nav button[data-tab=pad]");
  await page.click("#padcheck");
  await page.waitForSelector("#padout svg");
  // Every other tab reaches its route and shows an answer, not an error.
  await page.click("nav button[data-tab=infer]");
  await page.click("#judge");
  await page.waitForFunction(() => /follow/.test(document.querySelector("#inferout").textContent));
  if (await page.$("#inferout .diag")) fail("the Infer judge answered an error: " + (await page.textContent("#inferout")));
  // A sentence that reads two ways is answered with both readings, never one of them.
  await page.fill("#law", "There must be two 2s.");
  await page.click("#judge");
  await page.waitForSelector("#inferout .diag");
  const twoWays = await page.textContent("#inferout");
  if (!twoWays.includes("2 ways") || !twoWays.includes("exactly 2")) fail("two readings should both show: " + twoWays);
  await page.screenshot({ path: shot.replace(/\.png$/, "-infer.png"), fullPage: true });
  // The Clue box starts with an example log; the Deduction box starts empty.
  const deductionLog = "players: Ann, Bob, Cat\nme: Ann\nhand: Sun Null, Sun Ace, Moon 2, Moon 3, Crown 4, Crown 5, Shield Null\ntable: Sun 2, Moon Ace\n";
  for (const which of ["clue", "deduction"]) {
    await page.click(`nav button[data-tab=${which}]`);
    if (which === "deduction") await page.fill("#deductionlog", deductionLog);
    await page.click(`#${which}go`);
    await page.waitForFunction((w) => document.querySelector(`#${w}out`).textContent.trim().length > 0, which, { timeout: 30000 });
    if (!(await page.$(`#${which}out pre`))) fail(`the ${which} notebook did not show: ` + (await page.textContent(`#${which}out`)));
  }
  // The dice coach computes its strategy table once (about a minute): asked on a fresh
  // machine, it says so; either answer shows that the route works.
  await page.click("nav button[data-tab=dice]");
  await page.click("#dicego");
  await page.waitForFunction(() => !/thinking/.test(document.querySelector("#diceout").textContent), null, { timeout: 30000 });
  const dice = await page.textContent("#diceout");
  if (!(await page.$("#diceout pre")) && !dice.includes("strategy table")) fail("the dice coach: " + dice);
  await page.click("nav button[data-tab=game]");
  await page.screenshot({ path: shot, fullPage: true });
  // Issue 56: once a play or pass follows a claim, its evidence leaves "Claim" (it stayed
  // there for the next turns as if current); an undo names the move it took back.
  await page.click("#pass");
  await page.waitForFunction(() => document.querySelector("#turn").textContent.includes("Bob"));
  await page.waitForFunction(() => document.querySelector("#claimout").textContent.trim() === "");
  page.once("dialog", (d) => d.accept());
  await page.click("#undo");
  await page.waitForFunction(() => document.querySelector("#playerr").textContent.includes("took back Ann's pass"));
  console.log("ok: game played, a derivation judged line by line (a model on a tap), claim upheld with its evidence and derivation, model drawn, Infer, Clue, Deduction and the dice coach answered, the claim's evidence cleared by the next move, an undo named; screenshot " + shot);
} catch (e) {
  const pages = browser.contexts().flatMap((c) => c.pages());
  if (pages.length) await pages[0].screenshot({ path: shot.replace(/\.png$/, "-failed.png"), fullPage: true });
  throw e;
} finally {
  await browser.close();
}
