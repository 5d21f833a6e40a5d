// What the unit lane maps a compiler or an in-process chain to (jest.config.js): loading one is refused, and the
// test fails after it, whatever the code that loaded it made of the error (test/support/unitLane.mjs).
const what = "loaded a compiler or a chain (solc-js, EDR)";
globalThis[Symbol.for("explorer-verify.unitLaneRefused")]?.push(what);
throw new Error(`The unit lane ${what}; give the test the integration lane (*.int.test.ts).`);
