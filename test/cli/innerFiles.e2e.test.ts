import { rename, symlink } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import {
  type CliProject,
  explorerVerify,
  prepareCliProject,
  removeCliProject,
} from "../support/cliPackage.js";
import { runLatest } from "./foundryChain.js";

// The packed CLI in a Foundry project whose out/build-info/<id>.json is a link to a file beside the project: the
// file it leads to must be neither read nor sent.
const foundryId = "4cdb80011a7505166fdcb72e119dafa6";
let project: CliProject;
let counting: { server: Server; url: string; requests: number };
let linked: string;

beforeAll(async () => {
  project = await prepareCliProject();
  linked = join(project.dir, "out", "build-info", `${foundryId}.json`);
  const beside = join(project.dir, "..", "beside.json");
  await rename(linked, beside);
  await symlink(beside, linked);
  const server = createServer((request, response) => {
    counting.requests++;
    request.resume();
    response.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  counting = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests: 0 };
}, 240_000);

afterAll(async () => {
  await new Promise((resolve) => counting?.server.close(resolve));
  await removeCliProject(project);
});

describe("explorer-verify verify with a Foundry build info linked out of out/", () => {
  it("refuses it for a deployment and for one ADDRESS, and sends nothing", async () => {
    const expected = `explorer-verify: The build info ${linked} leads outside ${join(project.dir, "out")} and ${project.dir} once its links are followed: only files inside them are read.\n`;
    const deployment = await explorerVerify(project, [
      "verify",
      "--deployment",
      runLatest,
      "--artifacts",
      "out",
      "--explorer-url",
      counting.url,
    ]);
    expect([deployment.code, deployment.stderr]).toEqual([2, expected]);
    const address = await explorerVerify(project, [
      "verify",
      "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
      "--contract",
      "src/Token.sol:Token",
      "--artifacts",
      "out",
      "--explorer-url",
      counting.url,
    ]);
    expect([address.code, address.stderr]).toEqual([2, expected]);
    expect(counting.requests).toBe(0);
  }, 120_000);
});
