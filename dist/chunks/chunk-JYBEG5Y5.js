import { createRequire } from 'module'; const require = createRequire(import.meta.url);
function p(r,s){let e=new Map;for(let t of r){let o=s(t),n=e.get(o);n?n.push(t):e.set(o,[t])}return e}export{p as a};
