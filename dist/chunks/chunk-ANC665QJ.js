import { createRequire } from 'module'; const require = createRequire(import.meta.url);
function t(){return import("./httpRequest-57CPFOIF.js")}export{t as a};
