import { createRequire } from 'module'; const require = createRequire(import.meta.url);
function t(){return import("./httpRequest-TIOEGUEO.js")}export{t as a};
