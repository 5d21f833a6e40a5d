import { createRequire } from 'module'; const require = createRequire(import.meta.url);
function t(){return import("./httpRequest-RW6ELQAB.js")}export{t as a};
