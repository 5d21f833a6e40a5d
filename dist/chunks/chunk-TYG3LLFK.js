import { createRequire } from 'module'; const require = createRequire(import.meta.url);
function t(){return import("./httpRequest-KE24MTDZ.js")}export{t as a};
