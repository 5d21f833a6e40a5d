import { createRequire } from 'module'; const require = createRequire(import.meta.url);
var e="0.1.0",r=`explorer-verify/${e}`,o="Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";export{r as a,o as b};
