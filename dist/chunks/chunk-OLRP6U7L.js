import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{b as r}from"./chunk-FZSUZ7AN.js";var s=class extends r{code="invalid_input";field;constructor(e,i,n={}){super(i,n),this.field=e}};export{s as a};
