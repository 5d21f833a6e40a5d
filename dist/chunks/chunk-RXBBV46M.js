import { createRequire } from 'module'; const require = createRequire(import.meta.url);
function u(t,o=64){let n=[{value:t,depth:1}];for(let e=n.pop();e;e=n.pop())if(!(e.value===null||typeof e.value!="object")){if(e.depth>o)return!0;for(let p of Object.values(e.value))n.push({value:p,depth:e.depth+1})}return!1}export{u as a};
