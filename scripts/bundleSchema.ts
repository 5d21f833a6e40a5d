// Writes docs/bundle.schema.json, the JSON Schema of a verification bundle, from its one declaration: the zod schema
// the library exports (src/inputs/bundleSchema.ts), then lays it out as the repository's formatter does.
// test/inputs/verificationBundle.test.ts fails when the file does not hold what this writes.
//
//   npx tsx scripts/bundleSchema.ts           # prints the schema
//   npx tsx scripts/bundleSchema.ts --write   # writes docs/bundle.schema.json
import { execFileSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { verificationBundleSchema } from "../src/inputs/bundleSchema.js";
import * as z from "../src/kernel/zod.js";

const repository = join(dirname(fileURLToPath(import.meta.url)), "..");
export const bundleSchemaPath = join(repository, "docs", "bundle.schema.json");

/**
 * The JSON Schema of a bundle, as docs/bundle.schema.json holds it.
 *
 * @returns the file's text
 */
export function bundleJsonSchema(): string {
  const schema = {
    ...z.toJSONSchema(verificationBundleSchema, { target: "draft-2020-12" }),
    title: "explorer-verify verification bundle, version 1",
    description:
      "Every contract of a run with what verifies it anywhere (explorer-verify verify --bundle): each distinct standard JSON input once, keyed by the keccak256 of its canonical JSON (keys sorted, no spaces), and the whole checked by its hash (not a signature).",
  };
  return `${JSON.stringify(schema, null, 2)}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  if (process.argv.includes("--write")) {
    await writeFile(bundleSchemaPath, bundleJsonSchema());
    execFileSync(join(repository, "node_modules", ".bin", "biome"), ["format", "--write", bundleSchemaPath]);
  } else process.stdout.write(bundleJsonSchema());
}
