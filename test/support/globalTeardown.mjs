import { rm } from "node:fs/promises";
import { stopChainWorkers } from "./chainWorkers.mjs";

export default async function teardown() {
  const folder = process.env.EXPLORER_VERIFY_TEST_RUN;
  if (!folder) return;
  await stopChainWorkers(folder);
  await rm(folder, { recursive: true, force: true });
}
