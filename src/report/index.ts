export { progressLine } from "./progressLine.js";
export { formatResultsTable } from "./resultsTable.js";
