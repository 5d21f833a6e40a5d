// The unit lane's rule, held by the lane itself: a unit test spawns no process (a chain, a door, forge, a native
// solc), starts no chain in this process and compiles nothing. A test that does fails, naming what it did; give it
// the integration lane (`*.int.test.ts`). Jest runs this file before each unit test file (jest.config.js).
import { afterAll, afterEach } from "@jest/globals";

// Node's own module object, changed before any test file imports it (an ES import here would make Jest keep a copy
// of the functions as they are now).
const childProcess = process.getBuiltinModule("node:child_process");

const refused = Symbol.for("explorer-verify.unitLaneRefused");
/** What the test did that the lane forbids; unitLaneRefused.cjs adds to it too (a compiler, a chain). */
const refusals = [];
globalThis[refused] = refusals;

const spawning = ["spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork"];
const kept = Object.fromEntries(spawning.map((name) => [name, childProcess[name]]));
for (const name of spawning) {
  childProcess[name] = (command) => {
    const what = `spawned a process: child_process.${name}(${JSON.stringify(String(command))})`;
    refusals.push(what);
    throw new Error(`The unit lane ${what}; give the test the integration lane (*.int.test.ts).`);
  };
}

afterEach(() => {
  const found = refusals.splice(0);
  if (found.length > 0) {
    throw new Error(`The unit lane ${found.join("; ")}: give the test the integration lane (*.int.test.ts).`);
  }
});

// The worker may run another lane's files next (`npm test` runs the three lanes in the same workers).
afterAll(() => {
  Object.assign(childProcess, kept);
});
