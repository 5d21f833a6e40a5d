import { createRequire } from 'module'; const require = createRequire(import.meta.url);
function n(e){return Date.now()+e*1e3}export{n as a};
