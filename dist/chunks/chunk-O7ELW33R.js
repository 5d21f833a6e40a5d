import { createRequire } from 'module'; const require = createRequire(import.meta.url);
function n(r){return Number.isFinite(r)?r<1e3?`${Math.round(r)} ms`:r<12e4?`${Math.round(r/1e3)} s`:r<72e5?`${Math.round(r/6e4)} min`:r<1728e5?`${Math.round(r/36e5)} h`:`${Math.round(r/864e5)} days`:"forever"}export{n as a};
