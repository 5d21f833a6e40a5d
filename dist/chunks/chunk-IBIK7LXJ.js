import { createRequire } from 'module'; const require = createRequire(import.meta.url);
function t(){return import("./httpRequest-WDUUSVMU.js")}export{t as a};
