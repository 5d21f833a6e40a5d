import { createRequire } from 'module'; const require = createRequire(import.meta.url);
function t(){return import("./httpRequest-FOUMBBZW.js")}export{t as a};
