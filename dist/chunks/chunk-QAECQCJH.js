import { createRequire } from 'module'; const require = createRequire(import.meta.url);
function n(e){let t=Number.isFinite(e)?Math.min(Math.max(0,e),2147483647):e>0?2147483647:0;return new Promise(r=>setTimeout(r,t))}export{n as a};
