import { createRequire } from 'module'; const require = createRequire(import.meta.url);
function n(o,e){for(let t of e)o.push(t)}export{n as a};
