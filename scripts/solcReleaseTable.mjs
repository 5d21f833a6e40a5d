// Prints `"0.8.38": "abcdef12",` lines for src/verify/solcReleases.ts: packs each `solc` release from npm and
// asks its compiler for its long version. Usage: node scripts/solcReleaseTable.mjs 0.8.38 [0.8.39 ...]
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

const require = createRequire(import.meta.url);
const wrapper = require("solc/wrapper.js");

for (const version of process.argv.slice(2)) {
  const dir = mkdtempSync(join(tmpdir(), "solc-release-"));
  try {
    const tarball = execFileSync("npm", ["pack", `solc@${version}`, "--silent"], {
      cwd: dir,
      encoding: "utf8",
    }).trim();
    execFileSync("tar", ["xzf", tarball, "package/soljson.js"], { cwd: dir });
    const long = wrapper(require(join(dir, "package", "soljson.js"))).version();
    const commit = /\+commit\.([0-9a-f]{8})/.exec(long)?.[1];
    console.log(commit ? `  "${version}": "${commit}",` : `// ${version}: no commit in "${long}"`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
