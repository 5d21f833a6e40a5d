import { createRequire } from 'module'; const require = createRequire(import.meta.url);
function t(){return import("./httpRequest-3A2M5SOA.js")}export{t as a};
