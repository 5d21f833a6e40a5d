import { createRequire } from 'module'; const require = createRequire(import.meta.url);
function n(r){return r%1048576===0?`${r/1048576} MiB`:`${r} bytes`}export{n as a};
