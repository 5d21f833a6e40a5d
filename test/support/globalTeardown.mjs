import { rm } from "node:fs/promises";

export default async function teardown() {
  const folder = process.env.EXPLORER_VERIFY_TEST_RUN;
  if (folder) await rm(folder, { recursive: true, force: true });
}
