import { createRequire } from 'module'; const require = createRequire(import.meta.url);
function n(e){let o=process.getuid?.();return o!==void 0&&e.uid!==o?`is owned by another user (uid ${e.uid})`:process.platform==="win32"||(e.mode&18)===0?void 0:`is writable by ${e.mode&2?"others":"its group"} (mode ${(e.mode&511).toString(8)})`}export{n as a};
