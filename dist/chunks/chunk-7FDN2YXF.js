import { createRequire } from 'module'; const require = createRequire(import.meta.url);
function e(n){let t;try{t=new URL(n)}catch{return}return t.protocol==="http:"||t.protocol==="https:"?t:void 0}export{e as a};
