import { createRequire } from 'module'; const require = createRequire(import.meta.url);
function e(n){if(!(typeof n!="object"||n===null||!("code"in n)))return typeof n.code=="string"?n.code:void 0}export{e as a};
