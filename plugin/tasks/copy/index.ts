import { task } from "hardhat/config";
import { ArgumentType } from "hardhat/types/arguments";

export default task(
  ["explorer-verify", "copy"],
  "Verify contracts verified on one service on others, from that service's sources: no build, no compiler",
)
  .addVariadicArgument({ name: "addresses", description: "The contracts' addresses" })
  .addOption({
    name: "from",
    type: ArgumentType.STRING_WITHOUT_DEFAULT,
    description: "Where the verifications are read: blockscout, etherscan, sourcify or routescan",
    defaultValue: undefined,
  })
  .addOption({
    name: "to",
    type: ArgumentType.STRING_WITHOUT_DEFAULT,
    description: "Where they are verified, comma-separated (not --from)",
    defaultValue: undefined,
  })
  .addOption({
    name: "explorerUrl",
    type: ArgumentType.STRING_WITHOUT_DEFAULT,
    description: "The Blockscout explorer, read or verified on (else the network's)",
    defaultValue: undefined,
  })
  .addOption({
    name: "ledger",
    type: ArgumentType.STRING_WITHOUT_DEFAULT,
    description: "The verification ledger, as the verify task keeps it",
    defaultValue: undefined,
  })
  .addFlag({ name: "json", description: "Print one JSON document { results } on stdout" })
  .setAction(() => import("./task-action.js"))
  .build();
