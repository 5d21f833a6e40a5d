export { inputHash, proxyLinkHash } from "./inputHash.js";
export { Ledger, type LedgerUpdate } from "./ledger.js";
export { type LedgerEntry, readLedgerFile } from "./ledgerFile.js";
export { formatLedgerTable } from "./ledgerTable.js";
export { type LedgerUse, verifyWithLedger } from "./verifyWithLedger.js";
