// A screenshot tour for a developer (not a test): every tab at phone size in one language, with a small party.
// node tests/e2e/tour.mjs [lang] [width] [height] → build/e2e/tour-<lang>-<tab>.png
import { launch, openApp, dispatch, openTab, shot, waitWidget, phone } from "./lib.mjs";

const [lang = "en", width = "412", height = "915"] = process.argv.slice(2);
const env = await launch();
try {
  const locale = { en: "en-US", cs: "cs-CZ", uk: "uk-UA" }[lang];
  const { page } = await openApp(env, { device: { locale, deviceScaleFactor: phone.deviceScaleFactor, viewport: { width: Number(width), height: Number(height) } } });
  await dispatch(page, { type: "AddCreature", name: "Mira", kind: "pc", max_hp: 24, ac: 15, level: 3 });
  await dispatch(page, { type: "AddCreature", name: "Goblin", kind: "monster", hp: 7, ac: 13 });
  for (const tab of ["dice", "party", "combat", "downtime", "rules", "settings"]) {
    await openTab(page, tab);
    await waitWidget(page, `tab.${tab}`);
    await shot(page, `tour-${lang}-${width}-${tab}`);
  }
} finally {
  await env.close();
}
