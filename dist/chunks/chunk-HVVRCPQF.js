import { createRequire } from 'module'; const require = createRequire(import.meta.url);
var r=class extends Error{constructor(){super("the deadline came")}};async function m(e,t){if(!Number.isFinite(t))return e;let n,i=new Promise((s,o)=>{n=setTimeout(()=>o(new r),Math.max(0,t-Date.now()))});try{return await Promise.race([e,i])}finally{clearTimeout(n)}}export{r as a,m as b};
