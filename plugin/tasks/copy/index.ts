import { task } from "hardhat/config";
import { verificationDefaults } from "../../../src/options/verificationOptions.js";
import { optionalText } from "../../internal/taskOptions.js";

export default task(
  ["explorer-verify", "copy"],
  "Verify contracts verified on one service on others, from that service's sources: no build, no compiler",
)
  .addVariadicArgument({ name: "addresses", description: "The contracts' addresses" })
  .addOption(
    optionalText("from", "Where the verifications are read: blockscout, etherscan, sourcify or routescan"),
  )
  .addOption(optionalText("to", "Where they are verified, comma-separated (not --from)"))
  .addOption(optionalText("explorerUrl", "The Blockscout explorer, read or verified on (else the network's)"))
  .addOption(
    optionalText(
      "ledger",
      `The verification ledger (default ${verificationDefaults.ledger}; none for no ledger)`,
    ),
  )
  .addFlag({ name: "json", description: "Print one JSON document { results } on stdout" })
  .setAction(() => import("./task-action.js"))
  .build();
