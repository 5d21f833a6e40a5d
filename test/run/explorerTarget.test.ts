import { describe, expect, it } from "@jest/globals";
import { resolveExplorerTarget } from "../../src/run/explorerTarget.js";

describe("the hall's explorer resolver", () => {
  it("refuses a URL that carries credentials, in every door's words, before anything is printed or sent", async () => {
    for (const url of ["http://user:hunter2@127.0.0.1:9", "https://explorer.example/api?apikey=K-SECRET"]) {
      const refusal = await resolveExplorerTarget({
        explorerUrl: { url, source: "--explorer-url" },
        howToNameExplorer: "",
      }).catch((error: unknown) => error);
      expect(refusal).toMatchObject({
        code: "invalid_input",
        shortMessage:
          "--explorer-url: The explorer URL carries credentials (user:password@ or a key in its query); give the explorer's address alone, and the key as the API key, which is sent in a header and kept out of every log.",
      });
    }
  });

  it("takes the chain alone when the targets leave Blockscout out: nothing is looked up", async () => {
    const target = await resolveExplorerTarget({
      chainId: { id: 10, source: "--chain-id" },
      withoutBlockscout: true,
      howToNameExplorer: "",
    });
    expect(target).toMatchObject({ explorerUrl: "", chainId: 10, localExplorer: undefined });
  });
});
