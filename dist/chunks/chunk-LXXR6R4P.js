import { createRequire } from 'module'; const require = createRequire(import.meta.url);
function e(r){return r.status==="verified"||r.status==="already-verified"||r.status==="pending"}export{e as a};
