import { createRequire } from 'module'; const require = createRequire(import.meta.url);
function n(e){return{endsAt:Date.now()+e*1e3,seconds:e}}export{n as a};
