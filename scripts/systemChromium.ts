import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

const names = ["chromium", "chromium-browser"];

/**
 * The system Chromium (Debian package `chromium`), which the browser test and `npm run screenshot` drive: no
 * browser is downloaded. `CHROMIUM_PATH` overrides the search of PATH.
 * @returns the executable's path
 * @throws when there is none, saying how to install it
 */
export function systemChromium(): string {
  const override = process.env.CHROMIUM_PATH;
  if (override) return override;
  for (const folder of (process.env.PATH ?? "").split(delimiter).concat(["/usr/bin"])) {
    for (const name of names) {
      const candidate = join(folder, name);
      try {
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // Not here.
      }
    }
  }
  throw new Error(
    "No Chromium found (looked for chromium and chromium-browser on PATH): install the system browser with `apt-get install -y chromium` (.ci/run does when it is missing), or set CHROMIUM_PATH to one.",
  );
}
